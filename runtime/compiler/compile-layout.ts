import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { groupTestVariables, isContainer, variableOf } from '../../schemas/form-layout'
import type { Control, FormLayout } from '../../schemas/form-layout'
import { emptyValue, fieldSchema } from './field-schema'
import { fieldUi } from './field-ui'
import type { CompiledField, CompiledLayout, LayoutNode, ValueControl } from './types'

/**
 * Compiles a (valid, current-version) form layout into what rjsf renders: the data JSON Schema,
 * the uiSchema, the empty values of a fresh entry and the flat field index. Pure and without React;
 * the runtime calls it once per layout and memoises the result.
 */
export function compileLayout(layout: FormLayout): CompiledLayout {
  const fields: Record<string, CompiledField> = {}
  const properties: Record<string, RJSFSchema> = {}
  const required: string[] = []
  const uiSchema: UiSchema = {}
  const defaults: Record<string, unknown> = {}
  const dependents: Record<string, string[]> = {}
  const order: string[] = []

  const addField = (control: ValueControl) => {
    const variable = control.variable
    // Duplicates are a layout error reported by the designer; the first control keeps the key.
    if (fields[variable]) return
    const schema = fieldSchema(control)
    fields[variable] = { variable, control, schema }
    properties[variable] = schema
    uiSchema[variable] = fieldUi(control)
    defaults[variable] = emptyValue(control)
    order.push(variable)
    if (
      ('required' in control && control.required) ||
      (control.type === 'testEquipment' && (control.min ?? 0) > 0)
    ) {
      required.push(variable)
    }
    if (control.type === 'group') {
      for (const test of groupTestVariables(control)) (dependents[test] ??= []).push(variable)
    }
  }

  const build = (controls: readonly Control[]): LayoutNode[] =>
    controls.map((control): LayoutNode => {
      switch (control.type) {
        case 'note':
          return { kind: 'note', label: control.label, ...(control.col ? { col: control.col } : {}) }
        case 'row':
          return {
            kind: 'row',
            ...(control.label ? { label: control.label } : {}),
            children: build(control.children),
          }
        case 'group': {
          const variable = variableOf(control)
          if (variable) addField({ ...control, variable })
          return {
            kind: 'group',
            ...(control.label ? { label: control.label } : {}),
            ...(variable ? { variable } : {}),
            ...(control.col ? { col: control.col } : {}),
            children: build(control.children),
          }
        }
        default:
          addField(control)
          return { kind: 'field', variable: control.variable, ...(control.col ? { col: control.col } : {}) }
      }
    })

  const tree = build(layout.controls)
  uiSchema['ui:order'] = [...order, '*']
  uiSchema['ui:options'] = { layout: tree }

  return {
    schema: { type: 'object', title: layout.title, properties, ...(required.length ? { required } : {}) },
    uiSchema,
    defaults,
    fields,
    tree,
    dependents,
  }
}

/** SPEC §4: the values a fresh entry (or a duplicate) starts with. */
export function emptyValues(layout: FormLayout): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      const variable = variableOf(control)
      if (variable && !(variable in values))
        values[variable] = emptyValue({ ...control, variable } as ValueControl)
      if (isContainer(control)) visit(control.children)
    }
  }
  visit(layout.controls)
  return values
}
