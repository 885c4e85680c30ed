import type { FromSchema } from 'json-schema-to-ts'
import { TEST_TYPES, TIMESPAN_UNITS, type TestType } from './constants'
import type { endpointSchema } from './control-props'
import { tableSchema, type TableControl } from './table-schema'
import {
  VARIABLE_PATTERN,
  col,
  controlIdProp,
  fieldProps,
  fieldRequired,
  label,
  listProps,
  testLimitProps,
  variable,
  visibleIfProp,
  TEST_KIND_RULES,
} from './control-props'

/**
 * JSON Schemas of the leaf controls of a form layout (SPEC §3 "Form layout", "Field control kinds",
 * "Test field kinds"). One schema per `type`; `layout-schema.ts` joins them with the containers into
 * one discriminated union. Every schema forbids unknown properties so a typo in the JSON view is
 * reported instead of silently ignored.
 */

export const noteSchema = {
  type: 'object',
  required: ['type', 'label'],
  additionalProperties: false,
  properties: { type: { const: 'note' }, id: controlIdProp, label, col, visibleIf: visibleIfProp },
} as const

export const dropdownSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: { type: { const: 'dropdown' }, ...fieldProps, ...listProps },
} as const

export const multiselectSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: {
    type: { const: 'multiselect' },
    ...fieldProps,
    ...listProps,
    maxValues: { type: 'integer', minimum: 1, description: 'Most values a user may select.' },
  },
} as const

export const checkboxSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: { type: { const: 'checkbox' }, ...fieldProps },
} as const

export const datepickerSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: { type: { const: 'datepicker' }, ...fieldProps },
} as const

export const multitextSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: { type: { const: 'multitext' }, ...fieldProps },
} as const

export const singletextSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: {
    type: { const: 'singletext' },
    ...fieldProps,
    barcode: { type: 'boolean', description: 'Offer a barcode scan button.' },
  },
} as const

export const serialSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: { type: { const: 'serial' }, ...fieldProps },
} as const

export const uploadSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: {
    type: { const: 'upload' },
    ...fieldProps,
    documentType: {
      type: 'string',
      description: 'Document type stored with the file, e.g. calibrationCertificate.',
    },
  },
} as const

export const timespanSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: {
    type: { const: 'timespan' },
    ...fieldProps,
    // Optional in the schema: a layout without a unit still loads, the runtime shows SPEC's message.
    unit: { enum: TIMESPAN_UNITS },
  },
} as const

export const testFieldSchema = {
  type: 'object',
  required: [...fieldRequired, 'testType'],
  additionalProperties: false,
  properties: {
    type: { const: 'testField' },
    ...fieldProps,
    // Any text in a document: SPEC §5 shows 'A TestField was created here with an invalid test type' in
    // place of a field whose kind is unknown, so such a layout still loads and renders its other fields.
    // The designer lists the unknown kind as a problem (designer/model/selectors.ts).
    testType: { type: 'string', minLength: 1, description: `One of ${TEST_TYPES.join(', ')}.` },
    ...testLimitProps,
    criteria: { type: 'string', description: 'Pass criteria shown beside the test.' },
    naOption: { type: 'boolean', description: 'Offer an n/a toggle.' },
    testNumber: { type: 'string' },
    valueFrom: {
      type: 'string',
      pattern: VARIABLE_PATTERN,
      description: 'Calculated variable whose value this numeric test judges (read-only at capture).',
    },
    choices: { type: 'array', minItems: 1, items: { type: 'string' } },
    passChoice: { type: 'string' },
  },
  allOf: TEST_KIND_RULES,
} as const

export const testEquipmentSchema = {
  type: 'object',
  required: fieldRequired,
  additionalProperties: false,
  properties: {
    type: { const: 'testEquipment' },
    ...fieldProps,
    min: { type: 'integer', minimum: 0, description: 'Fewest test equipment items a record needs.' },
    calibrationPolicy: {
      enum: ['warn', 'block'],
      description:
        'An expired, never calibrated or suspect device: warn shows the warning card (the default); block ' +
        'refuses the save unless a configurator or admin overrides it with a reason.',
    },
  },
} as const

/**
 * A value computed from other variables and the product type's parameters (issue #14): read-only at
 * capture, recomputed by the server, which refuses a submitted value that disagrees.
 */
export const calculatedSchema = {
  type: 'object',
  required: ['type', 'variable', 'label', 'formula'],
  additionalProperties: false,
  properties: {
    type: { const: 'calculated' },
    id: controlIdProp,
    variable,
    label,
    col,
    formula: {
      type: 'string',
      minLength: 1,
      description: 'e.g. abs(measured - param.nameplate) / param.nameplate * 100; min, max, abs, round, if.',
    },
    unit: { type: 'string' },
    decimals: { type: 'integer', minimum: 0, maximum: 10, description: 'Decimal places the value keeps.' },
    visibleIf: visibleIfProp,
  },
} as const

export type NoteControl = FromSchema<typeof noteSchema>
export type DropdownControl = FromSchema<typeof dropdownSchema>
export type MultiselectControl = FromSchema<typeof multiselectSchema>
export type CheckboxControl = FromSchema<typeof checkboxSchema>
export type DatepickerControl = FromSchema<typeof datepickerSchema>
export type MultitextControl = FromSchema<typeof multitextSchema>
export type SingletextControl = FromSchema<typeof singletextSchema>
export type SerialControl = FromSchema<typeof serialSchema>
export type UploadControl = FromSchema<typeof uploadSchema>
export type TimespanControl = FromSchema<typeof timespanSchema>
/** A test field; `testType` is typed as the known kinds, and every reader checks `testTypeIssue` first. */
export type TestFieldControl = Omit<FromSchema<typeof testFieldSchema>, 'testType'> & { testType: TestType }
export type TestEquipmentControl = FromSchema<typeof testEquipmentSchema>
export type CalculatedControl = FromSchema<typeof calculatedSchema>
export type Endpoint = FromSchema<typeof endpointSchema>

/** Every control that holds a value and has no children. */
export type LeafFieldControl =
  | DropdownControl
  | MultiselectControl
  | CheckboxControl
  | DatepickerControl
  | MultitextControl
  | SingletextControl
  | SerialControl
  | UploadControl
  | TimespanControl
  | TestFieldControl
  | TestEquipmentControl
  | CalculatedControl
  | TableControl

/** The leaf schemas keyed by their `type`, for the union and for per-kind lookups. */
export const LEAF_SCHEMAS = {
  note: noteSchema,
  dropdown: dropdownSchema,
  multiselect: multiselectSchema,
  checkbox: checkboxSchema,
  datepicker: datepickerSchema,
  multitext: multitextSchema,
  singletext: singletextSchema,
  serial: serialSchema,
  upload: uploadSchema,
  timespan: timespanSchema,
  testField: testFieldSchema,
  testEquipment: testEquipmentSchema,
  calculated: calculatedSchema,
  table: tableSchema,
} as const
