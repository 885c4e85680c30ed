import { GROUP_RESULTS, NA_TEXT, PASS_OR_FAIL, UNSET_RESULT } from './constants'
import type { GroupControl } from './layout-schema'
import type { LeafFieldControl } from './control-schemas'
import { DATA_VALUE_MESSAGES, FORM_LAYOUT_MESSAGES } from './messages'
import { testChoicesOf, testTypeIssue } from './test-result'
import { tableDataSchema } from './table-data-schema'
import { ISO_DURATION_PATTERN, documentRefSchema } from './value-schemas'

/**
 * The JSON Schema of one variable's value, per control kind (the record data schema, data-schema.ts, is
 * made of these), and a control's value in a fresh entry.
 */

/** A JSON Schema object as built here (draft-07 keywords plus ajv-errors' `errorMessage`). */
export type DataSchema = { [keyword: string]: unknown }

/** A control that holds a value: a leaf field, or a group that stores its result. */
export type ValueControl = LeafFieldControl | (GroupControl & { variable: string })

type TypeName = 'string' | 'array' | 'object'

/** The control must hold a value: `required`, or test equipment with a minimum. */
export const isRequired = (control: ValueControl): boolean =>
  !isConditional(control) &&
  (('required' in control && control.required === true) ||
    (control.type === 'testEquipment' && (control.min ?? 0) > 0))

/**
 * A control shown or required only while a condition holds: its data schema never requires it; the
 * record's rules (derive.ts `missingValues`) do, while it is shown and its condition holds.
 */
export const isConditional = (control: ValueControl): boolean =>
  ('visibleIf' in control && !!control.visibleIf) || ('requiredIf' in control && !!control.requiredIf)

/**
 * SPEC §5 text for a required variable that holds no value: the test-equipment minimum; for a control
 * that cannot be filled in because the layout is broken (a timespan without unit, a test field with an
 * unknown test type) the "Form fields" text that says so; otherwise '{label} is required.'.
 */
export function requiredMessageOf(control: ValueControl): string {
  if (control.type === 'testEquipment')
    return FORM_LAYOUT_MESSAGES.dataEntry.testEquipmentMin(Math.max(control.min ?? 0, 1), control.label)
  if (control.type === 'timespan' && !control.unit)
    return FORM_LAYOUT_MESSAGES.formFields.timespanUnitRequired(control.label ?? control.variable)
  if (control.type === 'testField' && testTypeIssue(control))
    return FORM_LAYOUT_MESSAGES.formFields.invalidTestType
  return FORM_LAYOUT_MESSAGES.recordType.fieldRequired(control.label ?? control.variable)
}

/**
 * The value's type, and for a required control "not null" as a keyword of its own: so an empty value
 * reads as SPEC's '{label} is required.' while a value of the wrong type reads as what it must be.
 */
function typed(type: TypeName, required: boolean, control: ValueControl, wrongType: string) {
  return {
    type: [type, 'null'],
    ...(required ? { not: { type: 'null' } } : {}),
    errorMessage: { type: wrongType, ...(required ? { not: requiredMessageOf(control) } : {}) },
  }
}

/**
 * JSON Schema of one variable's value, per control kind. Values may be null (a fresh entry starts at
 * null, SPEC §4) unless the control is `required` or needs a minimum (test equipment). Messages are
 * attached with ajv-errors' `errorMessage`: SPEC's texts, or what the value must be (no label, so
 * controls with equal rules share a compiled validator; the server puts the label in front).
 */
export function fieldSchema(control: ValueControl): DataSchema {
  const title = control.label
  const base = { ...(title ? { title } : {}) }
  const required = isRequired(control)

  switch (control.type) {
    case 'checkbox':
      return { ...base, type: 'boolean', errorMessage: { type: DATA_VALUE_MESSAGES.checkbox } }
    case 'group':
      // A group stores its computed result; the user never types it.
      return {
        ...base,
        enum: [...GROUP_RESULTS, UNSET_RESULT, NA_TEXT],
        readOnly: true,
        errorMessage: { enum: DATA_VALUE_MESSAGES.groupResult },
      }
    case 'datepicker': {
      const t = typed('string', required, control, DATA_VALUE_MESSAGES.date)
      // The picker stores a calendar date; API clients may send the moment of the record.
      return {
        ...base,
        ...t,
        anyOf: [{ format: 'date' }, { format: 'date-time' }],
        errorMessage: { ...t.errorMessage, _: DATA_VALUE_MESSAGES.date },
      }
    }
    case 'multitext':
    case 'singletext':
    case 'serial': {
      const t = typed('string', required, control, DATA_VALUE_MESSAGES.text)
      if (!required) return { ...base, ...t }
      return {
        ...base,
        ...t,
        minLength: 1,
        errorMessage: { ...t.errorMessage, minLength: requiredMessageOf(control) },
      }
    }
    case 'dropdown': {
      const values = control.values && control.values.length > 0 ? control.values : undefined
      const t = typed('string', required, control, DATA_VALUE_MESSAGES.text)
      return {
        ...base,
        ...t,
        // Fixed values are the only valid answers; source/endpoint lists are only known at run time.
        ...(values ? { enum: [...values, null] } : {}),
        ...(values ? { errorMessage: { ...t.errorMessage, enum: DATA_VALUE_MESSAGES.choice(values) } } : {}),
      }
    }
    case 'multiselect':
      return multiselectSchema(base, control, required)
    case 'timespan': {
      const t = typed('string', required, control, DATA_VALUE_MESSAGES.duration)
      return {
        ...base,
        ...t,
        pattern: ISO_DURATION_PATTERN,
        errorMessage: { ...t.errorMessage, pattern: DATA_VALUE_MESSAGES.duration },
      }
    }
    case 'upload':
      return uploadSchema(base, control, required)
    case 'testField':
      return testFieldSchema(base, control, required)
    case 'testEquipment':
      return testEquipmentSchema(base, control, required)
    case 'calculated':
      // Computed from other values (derive.ts); the server recomputes it and refuses a disagreement.
      return {
        ...base,
        type: ['number', 'null'],
        readOnly: true,
        errorMessage: { type: DATA_VALUE_MESSAGES.number },
      }
    case 'table':
      return tableDataSchema(base, control, required, (column) => fieldSchema(column as ValueControl))
  }
}

type Of<K extends ValueControl['type']> = Extract<ValueControl, { type: K }>

/** A multi-select: unique strings, of the fixed values when it has them, at most `maxValues`. */
function multiselectSchema(base: DataSchema, control: Of<'multiselect'>, required: boolean): DataSchema {
  const values = control.values && control.values.length > 0 ? control.values : undefined
  const t = typed('array', required, control, DATA_VALUE_MESSAGES.listOfValues)
  return {
    ...base,
    ...t,
    uniqueItems: true,
    items: values
      ? { type: 'string', enum: [...values], errorMessage: DATA_VALUE_MESSAGES.choice(values) }
      : { type: 'string' },
    ...(control.maxValues ? { maxItems: control.maxValues } : {}),
    ...(required ? { minItems: 1 } : {}),
    errorMessage: {
      ...t.errorMessage,
      ...(required ? { minItems: requiredMessageOf(control) } : {}),
      ...(control.maxValues ? { maxItems: DATA_VALUE_MESSAGES.tooManyValues(control.maxValues) } : {}),
    },
  }
}

/** An upload: the document reference the upload call answered. */
function uploadSchema(base: DataSchema, control: Of<'upload'>, required: boolean): DataSchema {
  // A copy: the shared `as const` schema is readonly and must not leak into mutable schemas.
  const document = structuredClone(documentRefSchema) as unknown as DataSchema & {
    properties: Record<string, unknown>
  }
  // The upload call answers documentType null for an untyped file; clients may pass that on as is.
  document.properties.documentType = { type: ['string', 'null'] }
  const t = typed('object', required, control, DATA_VALUE_MESSAGES.document)
  return {
    ...base,
    ...document,
    ...t,
    errorMessage: { ...t.errorMessage, _: DATA_VALUE_MESSAGES.document },
  }
}

/**
 * A test's value by kind: a number for a numeric test; for a choice test (Yes/No, Pass/Fail, a selection)
 * one of its answers as the form offers them — any other text would be judged Fail and stored as if it had
 * been answered (audit walk-csv #1); '' and null are no answer; any text for a test type no rule knows.
 */
function testValueSchema(control: Of<'testField'>): DataSchema {
  if (control.testType === 'numeric') return { type: ['number', 'null'] }
  const choices = testChoicesOf(control)
  if (!choices) return { type: ['string', 'null'] }
  return {
    type: ['string', 'null'],
    enum: [...choices, '', null],
    errorMessage: DATA_VALUE_MESSAGES.testChoice(choices),
  }
}

/** A test field: `{value, passOrFail}`, the value by test kind (`testValueSchema`). */
function testFieldSchema(base: DataSchema, control: Of<'testField'>, required: boolean): DataSchema {
  // Required tests must have a result: unset '-' is refused, except where '-' is how n/a travels.
  const results =
    required && control.naOption !== true ? PASS_OR_FAIL.filter((r) => r !== UNSET_RESULT) : [...PASS_OR_FAIL]
  const t = typed('object', required, control, DATA_VALUE_MESSAGES.testResult)
  return {
    ...base,
    ...t,
    required: ['value', 'passOrFail'],
    additionalProperties: false,
    properties: { value: testValueSchema(control), passOrFail: { enum: results } },
    errorMessage: { ...t.errorMessage, _: DATA_VALUE_MESSAGES.testResult },
  }
}

/** Test equipment: unique ids, at least the control's minimum (SPEC §5's one message). */
function testEquipmentSchema(base: DataSchema, control: Of<'testEquipment'>, required: boolean): DataSchema {
  const t = typed('array', required, control, DATA_VALUE_MESSAGES.testEquipment)
  // SPEC §5 "Data entry save": one message whether nothing or too little was picked.
  return {
    ...base,
    ...t,
    items: { type: 'integer' },
    uniqueItems: true,
    ...(required ? { minItems: Math.max(control.min ?? 0, 1) } : {}),
    errorMessage: {
      ...t.errorMessage,
      ...(required ? { minItems: requiredMessageOf(control) } : {}),
      _: DATA_VALUE_MESSAGES.testEquipment,
    },
  }
}

/**
 * Value of a control in a fresh entry (SPEC §4): checkbox false, group 'Fail', a table one empty row per
 * row label (or its fewest rows), others null.
 */
export function emptyValue(control: ValueControl): unknown {
  if (control.type === 'checkbox') return false
  if (control.type === 'table')
    return Array.from({ length: control.rowLabels?.length ?? control.minRows ?? 0 }, () => ({}))
  if (control.type === 'group') return 'Fail'
  return null
}
