import type { FormLayout, Control } from './layout-schema'
import { isContainer } from './layout-schema'
import { groupTestVariables, variableOf } from './layout-walk'
import {
  fieldSchema,
  isRequired,
  requiredMessageOf,
  type DataSchema,
  type ValueControl,
} from './field-schema'

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

/** Every value-holding control of a layout in form order (a group only when it has a result variable). */
export function valueControlsOf(layout: Pick<FormLayout, 'controls'>): ValueControl[] {
  const out: ValueControl[] = []
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      if (control.type === 'note' || control.type === 'row') {
        if (control.type === 'row') visit(control.children)
        continue
      }
      // The control itself (its `variable` is the one variableOf read), not a copy: a form's first
      // render walks this for every control (issue #17.5).
      if (variableOf(control)) out.push(control as ValueControl)
      if (isContainer(control)) visit(control.children)
    }
  }
  visit(layout.controls)
  return out
}

/** A layout's variables before their schemas are built (`dataFieldsOf`). */
export interface DataFields {
  /** Every value-holding control by variable, in form order; the first control of a variable wins. */
  fields: Record<string, Omit<DataField, 'schema'>>
  /** Variables that must hold a value, and SPEC's message for each when it holds none. */
  required: string[]
  requiredMessages: Record<string, string>
  /** For each variable, the group result variables computed from it. */
  dependents: Record<string, string[]>
}

/**
 * The variables of a layout, which must hold a value and which group results each one feeds: all of
 * `compileDataSchema` but the schemas, so the form runtime can draw a form first and build each field's
 * schema when it first validates it (issue #17.5).
 */
export function dataFieldsOf(layout: Pick<FormLayout, 'controls'>): DataFields {
  const fields: Record<string, Omit<DataField, 'schema'>> = {}
  const data: DataFields = { fields, required: [], requiredMessages: {}, dependents: {} }
  for (const control of valueControlsOf(layout)) {
    const variable = control.variable
    // Duplicates are a layout error reported by the designer; the first control keeps the key.
    if (fields[variable]) continue
    fields[variable] = { variable, control }
    addRequirements(data, control)
  }
  return data
}

/**
 * One variable's part of `DataFields` beyond its field: whether it must hold a value (and SPEC's message
 * when it holds none) and, for a group result, the variables it is computed from. Apart so the form
 * compiler's one walk of a layout (runtime/compiler) applies the same rules as `dataFieldsOf`.
 */
export function addRequirements(
  into: Pick<DataFields, 'required' | 'requiredMessages' | 'dependents'>,
  control: ValueControl,
): void {
  const variable = control.variable
  if (isRequired(control)) {
    into.required.push(variable)
    into.requiredMessages[variable] = requiredMessageOf(control)
  }
  if (control.type === 'group')
    for (const test of groupTestVariables(control)) (into.dependents[test] ??= []).push(variable)
}

/** The record data schema: one property per variable, with the required list and its messages. */
export function recordSchemaOf(
  title: string | undefined,
  properties: Record<string, DataSchema>,
  { required, requiredMessages }: Pick<DataFields, 'required' | 'requiredMessages'>,
): DataSchema {
  return {
    type: 'object',
    ...(title ? { title } : {}),
    properties,
    ...(required.length ? { required, errorMessage: { required: requiredMessages } } : {}),
  }
}

/** Compiles a (valid, current-version) layout into its record data schema. Pure; callers memoise it. */
export function compileDataSchema(layout: Pick<FormLayout, 'controls' | 'title'>): CompiledDataSchema {
  const data = dataFieldsOf(layout)
  const fields: Record<string, DataField> = {}
  const properties: Record<string, DataSchema> = {}
  for (const [variable, field] of Object.entries(data.fields)) {
    const schema = fieldSchema(field.control)
    fields[variable] = { ...field, schema }
    properties[variable] = schema
  }
  const schema = recordSchemaOf(layout.title, properties, data)
  return { schema, fields, required: data.required, dependents: data.dependents }
}
