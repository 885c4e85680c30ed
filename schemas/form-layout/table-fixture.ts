import type { Control } from './layout-schema'
import type { TableControl } from './table-schema'

/**
 * A transformer ratio test as a measurement table (issue #14), shared by the unit, runtime and API tests
 * of tables: taps 1–5 × phases A/B/C, the measured ratio turned into a deviation from the nameplate ratio
 * (a top-level value here; a product-type parameter works the same way) and judged at ±0.5 %. Test data,
 * not product code.
 */
export const RATIO_ROW_LABELS = [1, 2, 3, 4, 5].flatMap((tap) =>
  ['A', 'B', 'C'].map((p) => `Tap ${tap} ${p}`),
)

export const RATIO_TABLE: TableControl = {
  type: 'table',
  id: 'ratios',
  variable: 'ratios',
  label: 'Ratio per tap and phase',
  rowHeader: 'Tap / phase',
  rowLabels: RATIO_ROW_LABELS,
  columns: [
    {
      type: 'testField',
      id: 'c-measured',
      variable: 'measured',
      label: 'Measured ratio',
      testType: 'numeric',
    },
    {
      type: 'calculated',
      id: 'c-deviation',
      variable: 'deviation',
      label: 'Deviation',
      formula: '(measured - nameplate) / nameplate * 100',
      unit: '%',
      decimals: 3,
    },
    {
      type: 'testField',
      id: 'c-deviation-test',
      variable: 'deviationTest',
      label: 'Within ±0.5 %',
      testType: 'numeric',
      min: -0.5,
      max: 0.5,
      valueFrom: 'deviation',
    },
    { type: 'dropdown', id: 'c-winding', variable: 'winding', label: 'Winding', values: ['HV', 'LV'] },
    { type: 'singletext', id: 'c-remark', variable: 'remark', label: 'Remark' },
  ],
}

/** The ratio table in a group with a top-level nameplate ratio, as a layout's controls. */
export const RATIO_TABLE_CONTROLS: Control[] = [
  { type: 'singletext', id: 'nameplate', variable: 'nameplate', label: 'Nameplate ratio' },
  { type: 'group', id: 'ratioGroup', variable: 'ratioGroup', label: 'Ratio test', children: [RATIO_TABLE] },
]

/** Rows of the ratio table with every measured ratio given (15 rows). */
export const measuredRows = (ratios: readonly number[]) =>
  RATIO_ROW_LABELS.map((_, i) => ({ measured: ratios[i] ?? ratios[ratios.length - 1] }))
