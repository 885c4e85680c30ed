import type { FormLayout } from '../../schemas/form-layout/index'
import type { DemoRecordType } from './demo-layouts'

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

/** The demo calibration record type: a test device's calibration, checked as found and as left. */
export const DEMO_CALIBRATION_TYPE: DemoRecordType = {
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
            // The server needs a calibrator unless the calibration is skipped: the form says so (*).
            requiredIf: { '!=': [{ var: 'skipCalibration' }, true] },
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
}
