import { CONTROL_TYPES, TEST_TYPES } from '../../schemas/form-layout'
import type { Control, ControlType, TestType } from '../../schemas/form-layout'

/**
 * Default controls for the designer's palette. Every new value control gets a variable no other
 * control of the layout uses, so dropping a control never creates a SPEC §5 duplicate.
 */

/** A palette entry: control types, with test fields split by test kind. */
export type PaletteKind = Exclude<ControlType, 'testField'> | `testField:${TestType}`

export interface PaletteItem {
  kind: PaletteKind
  label: string
}

const TYPE_LABELS: Record<Exclude<ControlType, 'testField'>, string> = {
  note: 'Note',
  group: 'Group',
  row: 'Row',
  dropdown: 'Dropdown',
  multiselect: 'Multi-select',
  checkbox: 'Checkbox',
  datepicker: 'Date',
  multitext: 'Multi-line text',
  singletext: 'Text',
  serial: 'Serial lookup',
  upload: 'File upload',
  timespan: 'Timespan',
  testEquipment: 'Test equipment',
  calculated: 'Calculated value',
  table: 'Table',
}

const TEST_LABELS: Record<TestType, string> = {
  numeric: 'Numeric test',
  selection: 'Selection test',
  yesNo: 'Yes/No test',
  passFail: 'Pass/Fail test',
}

/** The palette, in the order the designer lists it. */
export const PALETTE: readonly PaletteItem[] = CONTROL_TYPES.flatMap((type): PaletteItem[] =>
  type === 'testField'
    ? TEST_TYPES.map((testType) => ({ kind: `testField:${testType}` as const, label: TEST_LABELS[testType] }))
    : [{ kind: type, label: TYPE_LABELS[type] }],
)

/** A fresh column id (the designer keys, drags and selects columns by it). */
export function newColumnId(): string {
  return `col-${Math.random().toString(36).slice(2, 10)}`
}

/** `base` followed by the smallest number ≥ 1 that makes it unused. */
export function uniqueVariable(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = `${base}${n}`
    if (!taken.has(candidate)) return candidate
  }
}

/** A new control of `kind` whose variable is not in `taken`. */
export function createControl(kind: PaletteKind, taken: ReadonlySet<string>): Control {
  if (kind.startsWith('testField:')) {
    const testType = kind.slice('testField:'.length) as TestType
    const base = {
      type: 'testField',
      variable: uniqueVariable(`${testType}Test`, taken),
      label: TEST_LABELS[testType],
    } as const
    switch (testType) {
      case 'numeric':
        return { ...base, testType, min: 0, max: 1 }
      case 'selection':
        return { ...base, testType, choices: ['Option 1', 'Option 2'], passChoice: 'Option 1' }
      default:
        return { ...base, testType }
    }
  }
  const type = kind as Exclude<ControlType, 'testField'>
  const label = TYPE_LABELS[type]
  switch (type) {
    case 'note':
      return { type, label }
    case 'row':
      return { type, children: [] }
    case 'group':
      return { type, label, variable: uniqueVariable('group', taken), children: [] }
    case 'dropdown':
    case 'multiselect':
      return { type, label, variable: uniqueVariable(type, taken), values: ['Option 1', 'Option 2'] }
    case 'timespan':
      return { type, label, variable: uniqueVariable(type, taken), unit: 'days' }
    case 'testEquipment':
      return { type, label, variable: uniqueVariable(type, taken), min: 1 }
    case 'calculated':
      return { type, label, variable: uniqueVariable(type, taken), formula: '0', decimals: 2 }
    case 'table':
      // Three fixed rows and one numeric test: a table that renders and judges as soon as it is dropped.
      return {
        type,
        label,
        variable: uniqueVariable(type, taken),
        rowLabels: ['1', '2', '3'],
        columns: [
          {
            type: 'testField',
            id: newColumnId(),
            variable: 'value',
            label: 'Value',
            testType: 'numeric',
            min: 0,
            max: 1,
          },
        ],
      }
    default:
      return { type, label, variable: uniqueVariable(type, taken) }
  }
}
