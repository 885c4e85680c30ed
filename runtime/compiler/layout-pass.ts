import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import {
  addRequirements,
  emptyValue,
  fieldSchema,
  isTestControl,
  variableOf,
} from '../../schemas/form-layout'
import type { Control, DataFields, TableControl, ValueControl } from '../../schemas/form-layout'
import { fieldUi } from './field-ui'
import type { CompiledField, LayoutNode } from './types'

/**
 * Everything `compileLayout` reads off a layout's controls, gathered in one walk. A form's first render
 * compiles its layout, and on a 300-control form each separate walk (the data fields, the tree, the
 * tables, the live result's variables) cost a millisecond or more of cold script (issue #17.5).
 */
export interface LayoutPass extends Pick<DataFields, 'required' | 'requiredMessages' | 'dependents'> {
  /** Every value-holding control by variable, in form order; the first control of a variable wins. */
  fields: Record<string, CompiledField>
  /** The uiSchema entry of every variable. */
  uiSchema: UiSchema
  defaults: Record<string, unknown>
  tree: LayoutNode[]
  tables: TableControl[]
  results: { result: string[]; tests: string[] }
}

/** Walks the controls once, in form order (a control before what it holds), into a `LayoutPass`. */
export function layoutPass(controls: readonly Control[]): LayoutPass {
  const pass: LayoutPass = {
    fields: {},
    uiSchema: {},
    defaults: {},
    required: [],
    requiredMessages: {},
    dependents: {},
    tree: [],
    tables: [],
    results: { result: [], tests: [] },
  }
  pass.tree = nodesOf(controls, pass, false)
  return pass
}

/** `inResult`: inside a group with a result, which stands for its members in the live result. */
function nodesOf(controls: readonly Control[], pass: LayoutPass, inResult: boolean): LayoutNode[] {
  const nodes: LayoutNode[] = []
  for (const control of controls) nodes.push(nodeOf(control, pass, inResult))
  return nodes
}

function nodeOf(control: Control, pass: LayoutPass, inResult: boolean): LayoutNode {
  const variable = variableOf(control)
  if (variable && control.type !== 'row' && control.type !== 'note') addField(pass, control as ValueControl)
  countResult(pass, control, variable, inResult)
  switch (control.type) {
    case 'note': {
      const node: Extract<LayoutNode, { kind: 'note' }> = { kind: 'note', label: control.label }
      if (control.col) node.col = control.col
      if (control.visibleIf && control.id) node.id = control.id
      return node
    }
    case 'row':
      return {
        kind: 'row',
        ...idOf(control),
        ...(control.label ? { label: control.label } : {}),
        children: nodesOf(control.children, pass, inResult),
      }
    case 'group':
      return {
        kind: 'group',
        ...idOf(control),
        ...(control.label ? { label: control.label } : {}),
        ...(variable ? { variable } : {}),
        ...(control.col ? { col: control.col } : {}),
        children: nodesOf(control.children, pass, inResult || variable !== undefined),
      }
    default: {
      if (control.type === 'table') pass.tables.push(control)
      const node: Extract<LayoutNode, { kind: 'field' }> = { kind: 'field', variable: control.variable }
      if (control.col) node.col = control.col
      return node
    }
  }
}

// A container or note with a condition is hidden by its id (fields are hidden by variable).
const idOf = (control: Control) => (control.visibleIf && control.id ? { id: control.id } : {})

/** A variable's field, uiSchema entry, empty value and requirements; a duplicate keeps the first. */
function addField(pass: LayoutPass, control: ValueControl): void {
  const variable = control.variable
  if (pass.fields[variable]) return
  pass.fields[variable] = compiledField(variable, control)
  pass.uiSchema[variable] = fieldUi(control)
  pass.defaults[variable] = emptyValue(control)
  addRequirements(pass, control)
}

/**
 * The variables the live result reads, mirroring `overallResult` of runtime/pass-fail: test fields and
 * result-bearing groups that are not inside another result-bearing group (a group stands for its
 * members), plus every test field for "has anything been answered yet". A table with a test column
 * counts as one test (issue #14), as in the judge's overall result.
 */
function countResult(pass: LayoutPass, control: Control, variable: string | undefined, inResult: boolean) {
  const test = control.type === 'testField' || (control.type === 'table' && isTestControl(control))
  if (test) pass.results.tests.push(variable as string)
  if (!inResult && (test || (control.type === 'group' && variable)))
    pass.results.result.push(variable as string)
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
