import type { FieldMappings, FormLayout, RecordCategory } from '../../schemas/form-layout/index'
import { PROBLEM_REPORT_FIXED_MAPPINGS } from '../../schemas/form-layout/index'
import type { ReviewPolicy } from '../../schemas/records/review'

/** A demo record type: its category, capture, layout, mappings and the product types it is offered for. */
export interface DemoRecordType {
  name: string
  category: RecordCategory
  capture: 'file' | 'form'
  layout: FormLayout
  mappings: FieldMappings
  productTypes: number[]
  /** Issue #19: reviewed (and approved) before its records count; none when absent. */
  reviewPolicy?: ReviewPolicy
}

const TRANSFORMER = 100200
const BUSHING = 100201
const RMU = 100203
const METER_1P = 100205
const METER_3P = 100206
const GENERIC = 100210

/**
 * A calibration's check of the device at one stage (as found, or as left after adjustment): the error at
 * the reference point and a functional check, judged as a group. Optional, so a calibration house that
 * only issues a certificate can still be recorded.
 */
const calibrationCheck = (stage: 'asFound' | 'asLeft', label: string): FormLayout['controls'][number] => ({
  type: 'group',
  variable: stage,
  label,
  children: [
    {
      type: 'row',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: `${stage}Error`,
          label: `${stage === 'asFound' ? 'As-found' : 'As-left'} error at reference`,
          min: -0.5,
          max: 0.5,
          unit: '%',
          col: 6,
        },
        {
          type: 'testField',
          testType: 'passFail',
          variable: `${stage}Function`,
          label: `${stage === 'asFound' ? 'As-found' : 'As-left'} functional check`,
          col: 6,
        },
      ],
    },
  ],
})

/** Realistic layouts for each record category (DESIGN.md: demo data). */
export const DEMO_RECORD_TYPES: DemoRecordType[] = [
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
  {
    name: 'Despatch Note',
    category: 'Despatch',
    capture: 'form',
    productTypes: [TRANSFORMER, RMU, METER_1P, METER_3P],
    layout: {
      version: 2,
      title: 'Despatch Note',
      controls: [
        {
          type: 'row',
          children: [
            {
              type: 'serial',
              variable: 'serialNumber',
              label: 'Lead item serial number',
              col: 6,
              required: true,
            },
            { type: 'datepicker', variable: 'despatchDate', label: 'Despatch date', col: 3, required: true },
            { type: 'singletext', variable: 'jobNumber', label: 'Job number', col: 3, required: true },
          ],
        },
        {
          type: 'row',
          children: [
            {
              type: 'dropdown',
              variable: 'customer',
              label: 'Customer',
              source: 'customers',
              col: 6,
              required: true,
            },
            { type: 'singletext', variable: 'batchNumber', label: 'Batch number', col: 6, required: true },
          ],
        },
        {
          type: 'multitext',
          variable: 'serialisedItems',
          label: 'Serialised items (one serial number per line)',
        },
        {
          type: 'multitext',
          variable: 'nonSerialisedItems',
          label: 'Non-serialised items (one per line, with quantity)',
        },
      ],
    },
    mappings: {
      serialField: 'serialNumber',
      dateOfRecordField: 'despatchDate',
      jobNumberField: 'jobNumber',
      customerNameField: 'customer',
      batchNumberField: 'batchNumber',
      serialisedItemsField: 'serialisedItems',
      nonSerialisedItemsField: 'nonSerialisedItems',
    },
  },
  {
    name: 'Problem Report',
    category: 'Problem Report',
    capture: 'form',
    productTypes: [TRANSFORMER, RMU, METER_1P, GENERIC],
    layout: {
      version: 2,
      title: 'Problem Report',
      controls: [
        {
          type: 'row',
          children: [
            { type: 'serial', variable: 'serialNumber', label: 'Serial number', col: 6, required: true },
            { type: 'datepicker', variable: 'reportDate', label: 'Date found', col: 6, required: true },
          ],
        },
        {
          type: 'multiselect',
          variable: 'faultItems',
          label: 'Fault items',
          source: 'faultItems',
          maxValues: 5,
        },
        {
          type: 'multiselect',
          variable: 'faultDescriptives',
          label: 'Fault descriptives',
          source: 'faultDescriptives',
        },
        {
          type: 'multiselect',
          variable: 'repairItems',
          label: 'Repair items',
          source: 'repairItems',
          maxValues: 5,
        },
        {
          type: 'multiselect',
          variable: 'repairDescriptives',
          label: 'Repair descriptives',
          source: 'repairDescriptives',
        },
        { type: 'timespan', variable: 'repairTime', label: 'Time to repair', unit: 'hours' },
        { type: 'multitext', variable: 'notes', label: 'Notes' },
        { type: 'upload', variable: 'photo', label: 'Photo of the fault' },
      ],
    },
    mappings: {
      serialField: 'serialNumber',
      dateOfRecordField: 'reportDate',
      ...PROBLEM_REPORT_FIXED_MAPPINGS,
    },
  },
  {
    name: 'Test Equipment Calibration',
    category: 'Calibration',
    capture: 'form',
    productTypes: [],
    layout: {
      version: 2,
      title: 'Test Equipment Calibration',
      controls: [
        {
          type: 'row',
          children: [
            {
              type: 'serial',
              variable: 'serialNumber',
              label: 'Equipment serial number',
              col: 6,
              required: true,
            },
            {
              type: 'datepicker',
              variable: 'calibrationDate',
              label: 'Calibration date',
              col: 6,
              required: true,
            },
          ],
        },
        { type: 'singletext', variable: 'description', label: 'Description', required: true },
        {
          type: 'row',
          children: [
            {
              type: 'singletext',
              variable: 'assetTag',
              label: 'Physical serial number (asset tag)',
              barcode: true,
              col: 6,
            },
            { type: 'dropdown', variable: 'location', label: 'Location', source: 'locations', col: 6 },
          ],
        },
        { type: 'checkbox', variable: 'skipCalibration', label: 'Calibration not required' },
        {
          type: 'row',
          children: [
            {
              type: 'dropdown',
              variable: 'calibrationHouse',
              label: 'Calibration house',
              source: 'calibrators',
              col: 6,
            },
            {
              type: 'timespan',
              variable: 'frequency',
              label: 'Calibration frequency',
              unit: 'months',
              col: 6,
            },
          ],
        },
        calibrationCheck('asFound', 'As found (before adjustment)'),
        calibrationCheck('asLeft', 'As left (after adjustment)'),
        {
          type: 'upload',
          variable: 'certificate',
          label: 'Calibration certificate (PDF)',
          documentType: 'calibrationCertificate',
        },
      ],
    },
    mappings: {
      serialField: 'serialNumber',
      dateOfRecordField: 'calibrationDate',
      // Issue #15.3: an as-found Fail opens an impact case; the history shows the device as found and as left.
      asFoundResultField: 'asFound',
      asLeftResultField: 'asLeft',
      skipCalibrationField: 'skipCalibration',
      calibrationCertificateField: 'certificate',
      calibrationFrequencyField: 'frequency',
      calibrationHouseField: 'calibrationHouse',
      locationField: 'location',
      assetTagField: 'assetTag',
      assetDescriptionField: 'description',
    },
  },
]
