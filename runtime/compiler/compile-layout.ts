import type { RJSFSchema } from '@rjsf/utils'
import {
  anyTableReadsRecord,
  emptyValue,
  recordSchemaOf,
  resolveLimits,
  rulesOf,
  valueControlsOf,
} from '../../schemas/form-layout'
import type { DataSchema, FormLayout, Parameters } from '../../schemas/form-layout'
import { layoutPass } from './layout-pass'
import type { CompiledLayout } from './types'

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
  // One walk for the fields, uiSchema, empty values, tree, tables and live-result variables (layout-pass.ts).
  const pass = layoutPass(layout.controls)
  const { fields, uiSchema, tree } = pass
  let schema: RJSFSchema | undefined
  // The record's schema is only read to validate; built then, from the fields' own (see layout-pass.ts).
  const recordSchema = () =>
    (schema ??= recordSchemaOf(
      layout.title,
      Object.fromEntries(Object.values(fields).map((f) => [f.variable, f.schema as DataSchema])),
      pass,
    ) as RJSFSchema)
  uiSchema['ui:order'] = [...Object.keys(fields), '*']
  uiSchema['ui:options'] = { layout: tree }

  return {
    get schema() {
      return recordSchema()
    },
    required: new Set(pass.required),
    uiSchema,
    defaults: pass.defaults,
    fields,
    tree,
    dependents: pass.dependents,
    layout,
    // A table whose calculations read the record (issue #14) is re-derived like a layout with rules.
    rules: anyTableReadsRecord(pass.tables) ? { ...rulesOf(layout), none: false } : rulesOf(layout),
    params,
    results: pass.results,
  }
}

/** SPEC §4: the values a fresh entry (or a duplicate) starts with. */
export function emptyValues(layout: FormLayout): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const control of valueControlsOf(layout))
    if (!(control.variable in values)) values[control.variable] = emptyValue(control)
  return values
}
