import { GROUP_RESULTS, NA_TEXT, PASS_OR_FAIL, UNSET_RESULT } from './constants'
import type { GroupControl, FormLayout, Control } from './layout-schema'
import { isContainer } from './layout-schema'
import type { LeafFieldControl } from './control-schemas'
import { groupTestVariables, variableOf } from './layout-walk'
import { DATA_VALUE_MESSAGES, FORM_LAYOUT_MESSAGES } from './messages'
import { testTypeIssue } from './test-result'
import { ISO_DURATION_PATTERN, documentRefSchema } from './value-schemas'

/**
 * The JSON Schema of a record's DATA, compiled from its form layout: one property per variable, the
 * required list and the messages users see (ajv-errors' `errorMessage`). One schema, many consumers:
 * the form runtime validates a field with its property schema while typing and the record on Save;
 * the server validates every submission and every CSV row with the whole schema of the layout
 * revision the record is captured with. No uiSchema, no React: runtime/compiler adds those.
 *
 * Values are what the runtime stores and what API clients send (SPEC §3 "Record submission"): so a
 * datepicker also takes an ISO date and time, a group result also '-'/n/a (a result computed
 * elsewhere), and a required test field with an n/a option takes '-' with no value, which is how n/a
 * travels to the server (SPEC §9).
 */

/** A JSON Schema object as built here (draft-07 keywords plus ajv-errors' `errorMessage`). */
export type DataSchema = { [keyword: string]: unknown }

/** A control that holds a value: a leaf field, or a group that stores its result. */
export type ValueControl = LeafFieldControl | (GroupControl & { variable: string })

/** One variable of the data schema. */
export interface DataField {
  variable: string
  control: ValueControl
  /** JSON Schema of this variable's value alone. */
  schema: DataSchema
}

/** `compileDataSchema`'s answer. */
export interface CompiledDataSchema {
  /** The record data: an object with one property per variable (other keys are allowed and kept). */
  schema: DataSchema
  /** Every value-holding control by variable, in form order; the first control of a variable wins. */
  fields: Record<string, DataField>
  /** Variables that must hold a value. */
  required: string[]
  /** For each variable, the group result variables computed from it. */
  dependents: Record<string, string[]>
}

type TypeName = 'string' | 'array' | 'object'

const isRequired = (control: ValueControl): boolean =>
  ('required' in control && control.required === true) ||
  (control.type === 'testEquipment' && (control.min ?? 0) > 0)

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
    case 'multiselect': {
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
    case 'timespan': {
      const t = typed('string', required, control, DATA_VALUE_MESSAGES.duration)
      return {
        ...base,
        ...t,
        pattern: ISO_DURATION_PATTERN,
        errorMessage: { ...t.errorMessage, pattern: DATA_VALUE_MESSAGES.duration },
      }
    }
    case 'upload': {
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
    case 'testField': {
      const valueType = control.testType === 'numeric' ? ['number', 'null'] : ['string', 'null']
      // Required tests must have a result: unset '-' is refused, except where '-' is how n/a travels.
      const results =
        required && control.naOption !== true
          ? PASS_OR_FAIL.filter((r) => r !== UNSET_RESULT)
          : [...PASS_OR_FAIL]
      const t = typed('object', required, control, DATA_VALUE_MESSAGES.testResult)
      return {
        ...base,
        ...t,
        required: ['value', 'passOrFail'],
        additionalProperties: false,
        properties: { value: { type: valueType }, passOrFail: { enum: results } },
        errorMessage: { ...t.errorMessage, _: DATA_VALUE_MESSAGES.testResult },
      }
    }
    case 'testEquipment': {
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
  }
}

/** Value of a control in a fresh entry (SPEC §4): checkbox false, group 'Fail', others null. */
export function emptyValue(control: ValueControl): unknown {
  if (control.type === 'checkbox') return false
  if (control.type === 'group') return 'Fail'
  return null
}

/** Every value-holding control of a layout in form order (a group only when it has a result variable). */
export function valueControlsOf(layout: Pick<FormLayout, 'controls'>): ValueControl[] {
  const out: ValueControl[] = []
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      if (control.type === 'note' || control.type === 'row') {
        if (control.type === 'row') visit(control.children)
        continue
      }
      const variable = variableOf(control)
      if (variable) out.push({ ...control, variable } as ValueControl)
      if (isContainer(control)) visit(control.children)
    }
  }
  visit(layout.controls)
  return out
}

/** Compiles a (valid, current-version) layout into its record data schema. Pure; callers memoise it. */
export function compileDataSchema(layout: Pick<FormLayout, 'controls' | 'title'>): CompiledDataSchema {
  const fields: Record<string, DataField> = {}
  const properties: Record<string, DataSchema> = {}
  const required: string[] = []
  const requiredMessages: Record<string, string> = {}
  const dependents: Record<string, string[]> = {}
  for (const control of valueControlsOf(layout)) {
    const variable = control.variable
    // Duplicates are a layout error reported by the designer; the first control keeps the key.
    if (fields[variable]) continue
    const schema = fieldSchema(control)
    fields[variable] = { variable, control, schema }
    properties[variable] = schema
    if (isRequired(control)) {
      required.push(variable)
      requiredMessages[variable] = requiredMessageOf(control)
    }
    if (control.type === 'group') {
      for (const test of groupTestVariables(control)) (dependents[test] ??= []).push(variable)
    }
  }
  const schema: DataSchema = {
    type: 'object',
    ...(layout.title ? { title: layout.title } : {}),
    properties,
    ...(required.length ? { required, errorMessage: { required: requiredMessages } } : {}),
  }
  return { schema, fields, required, dependents }
}
