import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import {
  dataFieldsOf,
  emptyValue,
  fieldSchema,
  recordSchemaOf,
  resolveLimits,
  rulesOf,
  tablesReadRecord,
  valueControlsOf,
  variableOf,
} from '../../schemas/form-layout'
import type { Control, DataSchema, FormLayout, Parameters, ValueControl } from '../../schemas/form-layout'
import { fieldUi } from './field-ui'
import type { CompiledField, CompiledLayout, LayoutNode } from './types'

/** No product type parameters: the designer's preview, a layout that reads none. */
export const NO_PARAMS: Parameters = Object.freeze({})

/**
 * Compiles a (valid, current-version) form layout into what rjsf renders: the data JSON Schema
 * (schemas/form-layout/data-schema.ts, the one the server validates submissions with), the uiSchema,
 * the empty values of a fresh entry and the flat field index. Pure and without React; the runtime
 * calls it once per layout and memoises the result.
 */
export function compileLayout(stored: FormLayout, params: Parameters = NO_PARAMS): CompiledLayout {
  // Limits from the product type (issue #14.4) become numbers here, once: fields and the judge read them.
  const layout = resolveLimits(stored, params).layout
  const data = dataFieldsOf(layout)
  const fields: Record<string, CompiledField> = {}
  const uiSchema: UiSchema = {}
  const defaults: Record<string, unknown> = {}
  for (const [variable, field] of Object.entries(data.fields)) {
    fields[variable] = compiledField(variable, field.control)
    uiSchema[variable] = fieldUi(field.control)
    defaults[variable] = emptyValue(field.control)
  }
  let schema: RJSFSchema | undefined
  // The record's schema is only read to validate; built then, from the fields' own (see compiledField).
  const recordSchema = () =>
    (schema ??= recordSchemaOf(
      layout.title,
      Object.fromEntries(Object.values(fields).map((f) => [f.variable, f.schema as DataSchema])),
      data,
    ) as RJSFSchema)

  // A container or note with a condition is hidden by its id (fields are hidden by variable).
  const idOf = (control: Control) => (control.visibleIf && control.id ? { id: control.id } : {})
  const build = (controls: readonly Control[]): LayoutNode[] =>
    controls.map((control): LayoutNode => {
      switch (control.type) {
        case 'note':
          return {
            kind: 'note',
            label: control.label,
            ...(control.col ? { col: control.col } : {}),
            ...idOf(control),
          }
        case 'row':
          return {
            kind: 'row',
            ...idOf(control),
            ...(control.label ? { label: control.label } : {}),
            children: build(control.children),
          }
        case 'group': {
          const variable = variableOf(control)
          return {
            kind: 'group',
            ...idOf(control),
            ...(control.label ? { label: control.label } : {}),
            ...(variable ? { variable } : {}),
            ...(control.col ? { col: control.col } : {}),
            children: build(control.children),
          }
        }
        default:
          return { kind: 'field', variable: control.variable, ...(control.col ? { col: control.col } : {}) }
      }
    })

  const tree = build(layout.controls)
  uiSchema['ui:order'] = [...Object.keys(fields), '*']
  uiSchema['ui:options'] = { layout: tree }

  return {
    get schema() {
      return recordSchema()
    },
    required: new Set(data.required),
    uiSchema,
    defaults,
    fields,
    tree,
    dependents: data.dependents,
    layout,
    // A table whose calculations read the record (issue #14) is re-derived like a layout with rules.
    rules: tablesReadRecord(layout) ? { ...rulesOf(layout), none: false } : rulesOf(layout),
    params,
  }
}

/**
 * A field whose value schema is built when it is first read: on a first render the form needs the
 * controls, not their schemas, which only validation reads (issue #17.5: building all of a
 * 300-control form's schemas was a tenth of its first render's script).
 */
function compiledField(variable: string, control: ValueControl): CompiledField {
  let schema: RJSFSchema | undefined
  return {
    variable,
    control,
    get schema() {
      return (schema ??= fieldSchema(control) as RJSFSchema)
    },
  }
}

/** SPEC §4: the values a fresh entry (or a duplicate) starts with. */
export function emptyValues(layout: FormLayout): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const control of valueControlsOf(layout))
    if (!(control.variable in values)) values[control.variable] = emptyValue(control)
  return values
}
