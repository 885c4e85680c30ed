import {
  FIXED_CHOICES,
  type Condition,
  type Control,
  type FormLayout,
  type TestColumn,
} from '../../schemas/form-layout'

/**
 * Layouts of issue #14's table variant of the form benchmark (bench/form-table.ts): a 20-row × 6-column
 * measurement table of tests with 10 conditions on the controls around it (`tableFormLayout`, which
 * bench/runtime-demo/plain-table-form.tsx writes again by hand), and a long table of filled rows for the
 * render-and-scroll figure (`tableBench`). Only what a plain form can reproduce one for one.
 */

/** A numeric test column's limits and unit (the plain form reads them too). */
export interface NumericColumn {
  variable: string
  label: string
  min: number
  max: number
  unit: string
}

/** The table's numeric test columns, then its two choice tests. */
export const NUMERIC_COLUMNS: readonly NumericColumn[] = [
  { variable: 'voltage', label: 'Voltage', min: 228, max: 252, unit: 'V' },
  { variable: 'resistance', label: 'Resistance', min: 0.25, max: 10, unit: 'MΩ' },
  { variable: 'current', label: 'Current', min: 0, max: 5.5, unit: 'A' },
  { variable: 'ratio', label: 'Ratio error', min: -0.5, max: 0.5, unit: '%' },
]
/** The choice test columns: a pass/fail and a yes/no, each passing on its first answer. */
export const CHOICE_COLUMNS = [
  { variable: 'visual', label: 'Visual', testType: 'passFail', choices: FIXED_CHOICES.passFail },
  { variable: 'seal', label: 'Seal intact', testType: 'yesNo', choices: FIXED_CHOICES.yesNo },
] as const

/** The table's six test columns. */
export const TABLE_COLUMNS: TestColumn[] = [
  ...NUMERIC_COLUMNS.map((c) => ({ type: 'testField' as const, testType: 'numeric' as const, ...c })),
  ...CHOICE_COLUMNS.map(({ variable, label, testType }) => ({
    type: 'testField' as const,
    variable,
    label,
    testType,
  })),
]

/** Twenty fixed rows: taps 1–5 × phases A, B, C and neutral. */
export const ROW_LABELS = [1, 2, 3, 4, 5].flatMap((tap) => ['A', 'B', 'C', 'N'].map((p) => `Tap ${tap} ${p}`))

const is = (variable: string, value: string | boolean): Condition => ({ '==': [{ var: variable }, value] })
const filled = (variable: string): Condition => ({ '!!': { var: variable } })
const either = (variable: string, a: string, b: string): Condition => ({
  or: [{ '==': [{ var: variable }, a] }, { '==': [{ var: variable }, b] }],
})

/**
 * The ten conditions, by the control they sit on: eight `visibleIf` and two `requiredIf`, over the
 * controls beside the table (tap changer, winding, ambient temperature, reference). Not over the result of
 * the group holding the table: a condition reads a group's stored result, the one before the edit.
 */
export const CONDITIONS = {
  tapStep: { visibleIf: is('tapChanger', true) },
  tapOperation: { visibleIf: is('tapChanger', true), requiredIf: filled('reference') },
  tapNote: { visibleIf: is('tapChanger', true) },
  hvRemark: { visibleIf: either('winding', 'HV', 'Both') },
  lvRemark: { visibleIf: either('winding', 'LV', 'Both') },
  ambientReason: { visibleIf: is('ambient', 'Fail') },
  ambientNote: { visibleIf: is('ambient', 'Fail') },
  retest: { visibleIf: filled('reference') },
  witness: { requiredIf: filled('reference') },
} satisfies Record<string, { visibleIf?: Condition; requiredIf?: Condition }>

/** The controls above the table, which the conditions read. */
const header: Control = {
  type: 'row',
  children: [
    { type: 'singletext', variable: 'reference', label: 'Test reference', col: 4 },
    { type: 'dropdown', variable: 'winding', label: 'Winding', values: ['HV', 'LV', 'Both'], col: 4 },
    {
      type: 'testField',
      testType: 'numeric',
      variable: 'ambient',
      label: 'Ambient temperature',
      min: 10,
      max: 40,
      unit: '°C',
      col: 4,
    },
  ],
}

/** The conditional controls below the table. */
const followUp: Control = {
  type: 'group',
  variable: 'followUp',
  label: 'Follow-up',
  children: [
    { type: 'note', id: 'tapNote', label: 'Readings at every tap position.', ...CONDITIONS.tapNote },
    { type: 'note', id: 'ambientNote', label: 'Readings corrected to 20 °C.', ...CONDITIONS.ambientNote },
    {
      type: 'row',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'tapStep',
          label: 'Tap step voltage',
          min: 1,
          max: 5,
          unit: '%',
          col: 4,
          ...CONDITIONS.tapStep,
        },
        {
          type: 'testField',
          testType: 'passFail',
          variable: 'tapOperation',
          label: 'Tap changer operation',
          col: 4,
          ...CONDITIONS.tapOperation,
        },
        {
          type: 'testField',
          testType: 'yesNo',
          variable: 'retest',
          label: 'Retest booked',
          col: 4,
          ...CONDITIONS.retest,
        },
      ],
    },
    {
      type: 'row',
      children: [
        {
          type: 'singletext',
          variable: 'hvRemark',
          label: 'HV winding remark',
          col: 4,
          ...CONDITIONS.hvRemark,
        },
        {
          type: 'singletext',
          variable: 'lvRemark',
          label: 'LV winding remark',
          col: 4,
          ...CONDITIONS.lvRemark,
        },
        {
          type: 'singletext',
          variable: 'ambientReason',
          label: 'Why the ambient is outside limits',
          col: 4,
          ...CONDITIONS.ambientReason,
        },
      ],
    },
    { type: 'singletext', variable: 'witness', label: 'Witness', ...CONDITIONS.witness },
  ],
}

/** The 20-row × 6-column table of tests with 10 conditions around it. */
export function tableFormLayout(): FormLayout {
  return {
    version: 2,
    title: 'Measurement table (20 rows × 6 tests, 10 conditions)',
    controls: [
      header,
      { type: 'checkbox', variable: 'tapChanger', label: 'On-load tap changer fitted' },
      {
        type: 'group',
        variable: 'measurements',
        label: 'Measurements',
        children: [
          {
            type: 'table',
            variable: 'readings',
            label: 'Readings',
            rowHeader: 'Tap / phase',
            rowLabels: ROW_LABELS,
            columns: TABLE_COLUMNS,
          },
        ],
      },
      followUp,
    ],
  }
}

/**
 * A measurement table of `rows` added rows with the same six test columns, every cell filled in (and
 * judged), so the first render draws the whole table.
 */
export function tableBench(rows: number): { layout: FormLayout; value: Record<string, unknown> } {
  const layout: FormLayout = {
    version: 2,
    title: `Measurement table (${rows} rows)`,
    controls: [
      {
        type: 'table',
        variable: 'readings',
        label: 'Readings',
        minRows: 0,
        maxRows: 1000,
        columns: TABLE_COLUMNS,
      },
    ],
  }
  const numeric = (c: NumericColumn, r: number) => {
    const value = Number((c.min + ((c.max - c.min) * (r % 10)) / 9).toFixed(2))
    return { value, passOrFail: 'Pass' }
  }
  const row = (r: number) => ({
    ...Object.fromEntries(NUMERIC_COLUMNS.map((c) => [c.variable, numeric(c, r)])),
    ...Object.fromEntries(
      CHOICE_COLUMNS.map((c) => [c.variable, { value: c.choices[0], passOrFail: 'Pass' }]),
    ),
  })
  return { layout, value: { readings: Array.from({ length: rows }, (_, r) => row(r)) } }
}
