import type { Control } from './layout-schema'

/**
 * A ratio test with rules (issue #14), shared by the unit, runtime and API tests of conditions and
 * calculations: earth continuity only for Class I equipment, and a ratio deviation calculated from the
 * measured ratio and judged at ±0.5 %. Test data, not product code.
 */
export const RATIO_TEST_CONTROLS: Control[] = [
  { type: 'checkbox', id: 'classI', variable: 'classI', label: 'Class I' },
  {
    type: 'group',
    id: 'tests',
    label: 'Tests',
    variable: 'tests',
    children: [
      {
        type: 'testField',
        id: 'earth',
        variable: 'earth',
        label: 'Earth continuity',
        testType: 'numeric',
        max: 0.1,
        required: true,
        visibleIf: { '==': [{ var: 'classI' }, true] },
      },
      { type: 'singletext', id: 'measured', variable: 'measured', label: 'Measured ratio' },
      {
        type: 'calculated',
        id: 'deviation',
        variable: 'deviation',
        label: 'Deviation',
        formula: '(measured - 10) / 10 * 100',
        unit: '%',
        decimals: 3,
      },
      {
        type: 'testField',
        id: 'deviationTest',
        variable: 'deviationTest',
        label: 'Deviation test',
        testType: 'numeric',
        min: -0.5,
        max: 0.5,
        valueFrom: 'deviation',
      },
    ],
  },
  {
    type: 'note',
    id: 'classINote',
    label: 'Class I equipment only',
    visibleIf: { '==': [{ var: 'classI' }, true] },
  },
]
