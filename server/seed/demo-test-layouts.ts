import type { DemoRecordType } from './demo-layouts'
import { TRANSFORMER, BUSHING, METER_1P, METER_3P } from './demo-ids'

/**
 * The Test category's demo record types: a transformer routine test captured on a form, and a smart
 * meter accuracy batch uploaded as a CSV file.
 */
export const DEMO_TEST_TYPES: DemoRecordType[] = [
  {
    name: 'Transformer Routine Test',
    category: 'Test',
    capture: 'form',
    productTypes: [TRANSFORMER],
    layout: {
      version: 2,
      title: 'Distribution Transformer Routine Test',
      controls: [
        {
          type: 'note',
          label:
            'Routine tests to IEC 60076-1. Record every measurement; use n/a only where the test does not apply.',
        },
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
          type: 'singletext',
          variable: 'bushingSerial',
          label: 'HV bushing serial number',
          barcode: true,
          col: 6,
        },
        { type: 'testEquipment', variable: 'testEquipment', label: 'Test equipment used', min: 1 },
        {
          type: 'group',
          variable: 'result',
          label: 'Electrical tests',
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
            },
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'insulationResistance',
              label: 'Insulation resistance HV–LV',
              min: 1000,
              max: 100000,
              unit: 'MΩ',
              testNumber: '2',
              naOption: true,
            },
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'noLoadLoss',
              label: 'No-load loss',
              min: 0,
              max: 1.25,
              unit: 'kW',
              testNumber: '3',
            },
            {
              type: 'testField',
              testType: 'selection',
              variable: 'vectorGroup',
              label: 'Vector group',
              choices: ['Dyn11', 'Dyn1', 'Yyn0'],
              passChoice: 'Dyn11',
              testNumber: '4',
            },
            {
              type: 'testField',
              testType: 'passFail',
              variable: 'appliedVoltage',
              label: 'Applied voltage withstand',
              testNumber: '5',
            },
            {
              type: 'testField',
              testType: 'yesNo',
              variable: 'oilLevelOk',
              label: 'Oil level within sight glass',
              testNumber: '6',
            },
          ],
        },
        { type: 'multitext', variable: 'comments', label: 'Comments' },
        { type: 'upload', variable: 'report', label: 'Signed test report (PDF)', documentType: 'testReport' },
      ],
    },
    mappings: {
      serialField: 'serialNumber',
      dateOfRecordField: 'testDate',
      resultField: 'result',
      components: [
        { id: 1, serialField: 'bushingSerial', productType: { id: BUSHING, name: 'Transformer Bushing' } },
      ],
    },
  },
  {
    name: 'Smart Meter Accuracy Batch',
    category: 'Test',
    capture: 'file',
    productTypes: [METER_1P, METER_3P],
    layout: {
      version: 2,
      title: 'Smart Meter Accuracy Test',
      controls: [
        { type: 'serial', variable: 'serial', label: 'Meter serial number' },
        { type: 'datepicker', variable: 'testDate', label: 'Test date' },
        {
          type: 'group',
          variable: 'result',
          label: 'Accuracy',
          children: [
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'errorAt5A',
              label: 'Error at 5 A',
              min: -1,
              max: 1,
              unit: '%',
            },
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'errorAt60A',
              label: 'Error at 60 A',
              min: -1,
              max: 1,
              unit: '%',
            },
            { type: 'testField', testType: 'passFail', variable: 'creepTest', label: 'No-load creep' },
          ],
        },
      ],
    },
    mappings: { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' },
  },
]
