import type { Control, FormLayout } from '../../schemas/form-layout'

/**
 * Layouts of the form benchmark and the demo page. `benchLayout(n)` only uses controls a plain
 * hand-written form can reproduce one for one (text, numeric and choice tests with live results,
 * checkbox, fixed dropdown, date), so the two forms of the benchmark have the same fields.
 */

/** The controls of group `g`: ten per group plus the group's result. */
function benchGroup(g: number): Control {
  const v = (name: string) => `g${g}_${name}`
  return {
    type: 'group',
    variable: v('result'),
    label: `Section ${g + 1}`,
    children: [
      {
        type: 'row',
        children: [
          { type: 'singletext', variable: v('text1'), label: `Reference ${g + 1}.1`, col: 4 },
          { type: 'singletext', variable: v('text2'), label: `Reference ${g + 1}.2`, col: 4 },
          { type: 'datepicker', variable: v('date'), label: `Date ${g + 1}`, col: 4 },
        ],
      },
      {
        type: 'row',
        children: [
          {
            type: 'testField',
            testType: 'numeric',
            variable: v('num1'),
            label: `Voltage ${g + 1}`,
            min: 228,
            max: 252,
            unit: 'V',
            col: 4,
          },
          {
            type: 'testField',
            testType: 'numeric',
            variable: v('num2'),
            label: `Resistance ${g + 1}`,
            min: 0.25,
            max: 10,
            unit: 'MΩ',
            col: 4,
          },
          {
            type: 'testField',
            testType: 'numeric',
            variable: v('num3'),
            label: `Current ${g + 1}`,
            min: 0,
            max: 5.5,
            unit: 'A',
            col: 4,
          },
        ],
      },
      {
        type: 'row',
        children: [
          { type: 'testField', testType: 'yesNo', variable: v('yes'), label: `Seal intact ${g + 1}`, col: 4 },
          { type: 'testField', testType: 'passFail', variable: v('pf'), label: `Visual ${g + 1}`, col: 4 },
          {
            type: 'dropdown',
            variable: v('site'),
            label: `Site ${g + 1}`,
            values: ['North', 'South', 'East', 'West'],
            col: 4,
          },
        ],
      },
      { type: 'checkbox', variable: v('check'), label: `Cleaned ${g + 1}` },
    ],
  }
}

/** A layout of `count` value controls (rounded up to whole groups of ten). */
export function benchLayout(count = 300): FormLayout {
  const groups = Math.ceil(count / 10)
  return {
    version: 2,
    title: `Benchmark form (${groups * 10} controls)`,
    controls: Array.from({ length: groups }, (_, g) => benchGroup(g)),
  }
}

/** Every control kind once or more: the demo page and its screenshot. */
export const DEMO_LAYOUT: FormLayout = {
  version: 2,
  title: 'Distribution Transformer Routine Test',
  controls: [
    { type: 'note', label: 'Routine tests to IEC 60076-1. Use n/a only where a test does not apply.' },
    {
      type: 'row',
      children: [
        {
          type: 'serial',
          variable: 'serialNumber',
          label: 'Transformer serial number',
          col: 6,
          required: true,
        },
        { type: 'datepicker', variable: 'testDate', label: 'Test date', col: 3, required: true },
        { type: 'singletext', variable: 'testedBy', label: 'Tested by', col: 3 },
      ],
    },
    {
      type: 'row',
      children: [
        {
          type: 'singletext',
          variable: 'bushingSerial',
          label: 'HV bushing serial number',
          barcode: true,
          col: 6,
        },
        { type: 'dropdown', variable: 'customer', label: 'Customer', source: 'customers', col: 6 },
      ],
    },
    {
      type: 'row',
      children: [
        { type: 'dropdown', variable: 'site', label: 'Site', values: ['North depot', 'South depot'], col: 6 },
        {
          type: 'dropdown',
          variable: 'location',
          label: 'Location (by site)',
          endpoint: {
            name: 'siteLocations',
            api: '/api/sites/{site}/locations',
            urlParams: [{ type: 'variable', name: 'site', field: 'site' }],
          },
          col: 6,
        },
      ],
    },
    { type: 'testEquipment', variable: 'testEquipment', label: 'Test equipment used', min: 1 },
    {
      type: 'group',
      variable: 'result',
      label: 'Electrical tests',
      children: [
        {
          type: 'row',
          children: [
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'ratioError',
              label: 'Voltage ratio error',
              min: -0.5,
              max: 0.5,
              unit: '%',
              testNumber: '1',
              criteria: 'Within ±0.5 % of nameplate ratio',
              col: 6,
            },
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'insulation',
              label: 'Insulation resistance HV–LV',
              min: 1000,
              max: 100000,
              unit: 'MΩ',
              testNumber: '2',
              naOption: true,
              col: 6,
            },
          ],
        },
        {
          type: 'row',
          children: [
            {
              type: 'testField',
              testType: 'selection',
              variable: 'vectorGroup',
              label: 'Vector group',
              choices: ['Dyn11', 'Dyn1', 'Yyn0'],
              passChoice: 'Dyn11',
              testNumber: '3',
              col: 4,
            },
            {
              type: 'testField',
              testType: 'passFail',
              variable: 'appliedVoltage',
              label: 'Applied voltage withstand',
              testNumber: '4',
              col: 4,
            },
            {
              type: 'testField',
              testType: 'yesNo',
              variable: 'oilLevel',
              label: 'Oil level within sight glass',
              testNumber: '5',
              col: 4,
            },
          ],
        },
        { type: 'checkbox', variable: 'sealed', label: 'Tank sealed after test' },
      ],
    },
    {
      type: 'row',
      children: [
        {
          type: 'multiselect',
          variable: 'faultItems',
          label: 'Fault items',
          source: 'faultItems',
          maxValues: 3,
          col: 6,
        },
        { type: 'timespan', variable: 'repairTime', label: 'Time to repair', unit: 'hours', col: 6 },
      ],
    },
    { type: 'multitext', variable: 'comments', label: 'Comments' },
    {
      type: 'row',
      children: [
        {
          type: 'upload',
          variable: 'report',
          label: 'Signed test report (PDF)',
          documentType: 'testReport',
          col: 6,
        },
        { type: 'upload', variable: 'photo', label: 'Photo of the nameplate', col: 6 },
      ],
    },
  ],
}
