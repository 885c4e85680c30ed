import type { FromSchema } from 'json-schema-to-ts'

/**
 * Field mappings of a record type (SPEC §3 "Field mappings"): which layout variable (form capture)
 * or CSV column (file capture) carries each piece of record data the server needs.
 */

/** Record categories of SPEC §9, in their display order. */
export const RECORD_CATEGORIES = ['Test', 'Despatch', 'Problem Report', 'Calibration'] as const
export type RecordCategory = (typeof RECORD_CATEGORIES)[number]

/** Capture types of SPEC §9. */
export const CAPTURE_TYPES = ['file', 'form', 'both'] as const
export type CaptureType = (typeof CAPTURE_TYPES)[number]

/** A capture type as the screens say it (the record types list, the editor's radios, /Audit). */
export const CAPTURE_TYPE_LABELS: Record<CaptureType, string> = { file: 'File', form: 'Form', both: 'Both' }

/** Every single-variable mapping field with its editor label (used in "{label} is required."). */
export const MAPPING_FIELD_LABELS = {
  serialField: 'Serial Field',
  parentSerialField: 'Parent Serial Field',
  dateOfRecordField: 'Date of Record Field',
  resultField: 'Test Result Field',
  jobNumberField: 'Job Number Field',
  customerNameField: 'Customer Name Field',
  batchNumberField: 'Batch Number Field',
  faultItemsField: 'Fault Items Field',
  faultDescriptivesField: 'Fault Descriptives Field',
  repairItemsField: 'Repair Items Field',
  repairDescriptivesField: 'Repair Descriptives Field',
  skipCalibrationField: 'Skip Calibration Field',
  calibrationCertificateField: 'Calibration Certificate Field',
  calibrationFrequencyField: 'Calibration Frequency Field',
  calibrationHouseField: 'Calibration House Field',
  locationField: 'Location Field',
  assetTagField: 'Asset Tag Field',
  assetDescriptionField: 'Asset Description Field',
  serialisedItemsField: 'Serialised Items Field',
  nonSerialisedItemsField: 'Non-Serialised Items Field',
  asFoundResultField: 'As-Found Result Field',
  asLeftResultField: 'As-Left Result Field',
} as const

export type MappingField = keyof typeof MAPPING_FIELD_LABELS

const mappingString = { type: 'string' } as const

export const componentSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', description: 'Local row id.' },
    serialField: mappingString,
    productType: {
      type: ['object', 'null'],
      required: ['id'],
      additionalProperties: false,
      properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' } },
    },
  },
} as const

export const fieldMappingsSchema = {
  $id: 'FieldMappings',
  type: 'object',
  additionalProperties: false,
  properties: {
    serialField: mappingString,
    parentSerialField: mappingString,
    dateOfRecordField: mappingString,
    resultField: mappingString,
    components: { type: 'array', items: componentSchema },
    jobNumberField: mappingString,
    customerNameField: mappingString,
    batchNumberField: mappingString,
    faultItemsField: mappingString,
    faultDescriptivesField: mappingString,
    repairItemsField: mappingString,
    repairDescriptivesField: mappingString,
    skipCalibrationField: mappingString,
    calibrationCertificateField: mappingString,
    calibrationFrequencyField: mappingString,
    calibrationHouseField: mappingString,
    locationField: mappingString,
    assetTagField: mappingString,
    assetDescriptionField: mappingString,
    serialisedItemsField: mappingString,
    nonSerialisedItemsField: mappingString,
    /**
     * Calibration only (issue #15.3): the test or group whose judged result is the device's condition as
     * found, before any adjustment. A Fail makes the records that used the device since its last passing
     * calibration suspect and opens an impact case.
     */
    asFoundResultField: mappingString,
    /** Calibration only (issue #15.3): the test or group whose result is the device as left, after adjustment. */
    asLeftResultField: mappingString,
  },
} as const

export type FieldMappings = FromSchema<typeof fieldMappingsSchema>
export type Component = FromSchema<typeof componentSchema>

/** SPEC §4: the standard mapping fields every category but Despatch shows. */
const STANDARD_FIELDS = ['serialField', 'parentSerialField', 'dateOfRecordField', 'resultField'] as const

/** Mapping fields the record-type editor shows per category (SPEC §4 "Record type editor"). */
export const MAPPING_FIELDS_BY_CATEGORY: Readonly<Record<RecordCategory, readonly MappingField[]>> = {
  Test: STANDARD_FIELDS,
  Despatch: [
    'serialField',
    'dateOfRecordField',
    'jobNumberField',
    'customerNameField',
    'batchNumberField',
    'serialisedItemsField',
    'nonSerialisedItemsField',
  ],
  'Problem Report': [
    ...STANDARD_FIELDS,
    'faultItemsField',
    'faultDescriptivesField',
    'repairItemsField',
    'repairDescriptivesField',
  ],
  Calibration: [
    ...STANDARD_FIELDS,
    'skipCalibrationField',
    'calibrationCertificateField',
    'calibrationFrequencyField',
    'calibrationHouseField',
    'locationField',
    'assetTagField',
    'assetDescriptionField',
    'asFoundResultField',
    'asLeftResultField',
  ],
}

/** SPEC §5 "Record type save": mapping fields that must be filled, per category, in message order. */
export const REQUIRED_MAPPING_FIELDS: Readonly<Record<RecordCategory, readonly MappingField[]>> = {
  Test: ['serialField', 'dateOfRecordField', 'resultField'],
  Despatch: [
    'serialField',
    'jobNumberField',
    'batchNumberField',
    'serialisedItemsField',
    'nonSerialisedItemsField',
    'customerNameField',
    'dateOfRecordField',
  ],
  'Problem Report': ['serialField', 'faultItemsField', 'repairItemsField', 'dateOfRecordField'],
  Calibration: [
    'serialField',
    'dateOfRecordField',
    'skipCalibrationField',
    'calibrationCertificateField',
    'calibrationFrequencyField',
    'calibrationHouseField',
    'locationField',
    'assetTagField',
    'assetDescriptionField',
  ],
}

/**
 * SPEC §4: choosing Problem Report fixes the fault/repair mapping fields to fixed names (and the
 * editor disables them). SPEC does not give the names; these are ours.
 */
export const PROBLEM_REPORT_FIXED_MAPPINGS = {
  faultItemsField: 'faultItems',
  faultDescriptivesField: 'faultDescriptives',
  repairItemsField: 'repairItems',
  repairDescriptivesField: 'repairDescriptives',
} as const satisfies Partial<Record<MappingField, string>>
