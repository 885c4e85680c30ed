import { UNSET_RESULT } from './constants'
import type { CalculatedControl, TestFieldControl } from './control-schemas'
import type { Condition } from './condition-schema'
import { conditionHolds, conditionVariables } from './conditions'
import { evaluateFormula, formulaVariables, parseFormula, roundTo, type Formula } from './formula'
import { isContainer, type Control, type FormLayout } from './layout-schema'
import { variableOf } from './layout-walk'
import { numberOf, type Parameters } from './rule-values'
import { judgeTableRows } from './table-judge'
import { tableResult } from './table-result'
import type { TableControl } from './table-schema'

export { numberOf, type Parameters } from './rule-values'
import { evaluateTest, testTypeIssue } from './test-result'

/**
 * The rules of a layout (issue #14): calculated values, tests that judge a calculated value (`valueFrom`),
 * and `visibleIf` / `requiredIf` conditions. `deriveRecord` applies them to a record's values; the judge
 * (judge.ts) and the runtime's form store both call it, so capture and server agree on every value.
 */

/** A control with a condition, and the variables it (and everything inside it) holds. */
interface Conditional {
  control: Control
  visibleIf?: Condition
  requiredIf?: Condition
  /** The control's own variable and, for a group or row, every variable inside it. */
  variables: string[]
  /** Ids of the control and every control inside it (the runtime hides them by id). */
  ids: string[]
}

/** What `rulesOf` finds in a layout. */
export interface LayoutRules {
  /** Calculated controls in an order where each comes after the ones its formula reads. */
  calculations: { control: CalculatedControl; formula: Formula | null }[]
  /** Numeric tests that judge a calculated value. */
  valueFrom: TestFieldControl[]
  conditionals: Conditional[]
  /** Every variable some rule reads: a change to one of them re-derives the record. */
  inputs: ReadonlySet<string>
  /** Every variable some condition reads (a group among them is re-judged first, see `judgeRecord`). */
  conditionReads: ReadonlySet<string>
  /** Tables a condition reads: the condition sees the table's result ('Pass' / 'Fail'). */
  conditionTables: TableControl[]
  /** True when the layout has no rule at all (most layouts): nothing to derive. */
  none: boolean
}

const cache = new WeakMap<readonly Control[], LayoutRules>()

/** The rules of a layout, found once per controls array. */
export function rulesOf(layout: Pick<FormLayout, 'controls'>): LayoutRules {
  let rules = cache.get(layout.controls)
  if (!rules) cache.set(layout.controls, (rules = findRules(layout.controls)))
  return rules
}

function findRules(controls: readonly Control[]): LayoutRules {
  const calculated: CalculatedControl[] = []
  const valueFrom: TestFieldControl[] = []
  const conditionals: Conditional[] = []
  const tables: TableControl[] = []
  const inputs = new Set<string>()
  const conditionInputs = new Set<string>()
  // Every variable and id in walk order, each control's own first: a control's subtree is the slice from
  // where it started, so a conditional gets its lists without every control copying its children's.
  const variables: string[] = []
  const ids: string[] = []
  const visit = (list: readonly Control[]): void => {
    for (const control of list) {
      const [firstVariable, firstId] = [variables.length, ids.length]
      const variable = variableOf(control)
      if (variable) variables.push(variable)
      if (control.id) ids.push(control.id)
      if (isContainer(control)) visit(control.children)
      if (control.type === 'calculated') calculated.push(control)
      if (control.type === 'table') tables.push(control)
      if (control.type === 'testField' && control.testType === 'numeric' && control.valueFrom) {
        valueFrom.push(control)
        inputs.add(control.valueFrom)
      }
      const visibleIf = 'visibleIf' in control ? (control.visibleIf as Condition | undefined) : undefined
      const requiredIf = 'requiredIf' in control ? (control.requiredIf as Condition | undefined) : undefined
      if (visibleIf || requiredIf) {
        const own = { variables: variables.slice(firstVariable), ids: ids.slice(firstId) }
        conditionals.push({ control, visibleIf, requiredIf, ...own })
        for (const c of [visibleIf, requiredIf])
          if (c)
            conditionVariables(c).forEach((v) => {
              inputs.add(v)
              conditionInputs.add(v)
            })
      }
    }
  }
  visit(controls)
  const calculations = orderCalculations(calculated)
  for (const { formula } of calculations) if (formula) formulaVariables(formula).forEach((v) => inputs.add(v))
  return {
    calculations,
    valueFrom,
    conditionals,
    inputs,
    conditionReads: conditionInputs,
    conditionTables: tables.filter((t) => conditionInputs.has(t.variable)),
    none: calculated.length + valueFrom.length + conditionals.length === 0,
  }
}

/** Calculations ordered so each follows those it reads; one in a cycle (refused by the layout check) gets no formula. */
function orderCalculations(controls: CalculatedControl[]): LayoutRules['calculations'] {
  const byVariable = new Map(controls.map((c) => [c.variable, c]))
  const out: LayoutRules['calculations'] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (control: CalculatedControl): boolean => {
    const seen = state.get(control.variable)
    if (seen === 'done') return true
    if (seen === 'visiting') return false
    state.set(control.variable, 'visiting')
    const parsed = parseFormula(control.formula)
    let formula = parsed instanceof Error ? null : parsed
    for (const input of formula ? formulaVariables(formula) : []) {
      const dependency = byVariable.get(input)
      if (dependency && !visit(dependency)) formula = null
    }
    state.set(control.variable, 'done')
    out.push({ control, formula })
    return formula !== null
  }
  controls.forEach(visit)
  return out
}

/** What a record's rules decide. */
export interface DerivedRecord {
  /** The values with every calculation and every `valueFrom` test brought up to date (hidden ones null). */
  data: Record<string, unknown>
  /** Variables of hidden controls (and of everything inside a hidden group or row). */
  hidden: ReadonlySet<string>
  /** Ids of hidden controls, for the runtime's layout. */
  hiddenIds: ReadonlySet<string>
}

const NOTHING_HIDDEN: ReadonlySet<string> = new Set()

/** A variable as a condition reads it: a test field's result ('Pass', 'Fail', 'n/a', null), else its value. */
export function conditionValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'passOrFail' in value) {
    const result = (value as { passOrFail: unknown }).passOrFail
    return result === UNSET_RESULT ? null : result
  }
  return value === undefined ? null : value
}

/**
 * Applies a layout's rules to a record's values: calculations (over the values of shown controls), the
 * tests that take a calculated value, and which controls are hidden. Visibility and calculations can read
 * each other, so both are repeated until the hidden set stops changing (a few rounds at most). A hidden
 * control's value is read as empty by every rule, as the server receives it.
 */
export function deriveRecord(
  rules: LayoutRules,
  input: Readonly<Record<string, unknown>>,
  params: Parameters = {},
): DerivedRecord {
  if (rules.none) return { data: { ...input }, hidden: NOTHING_HIDDEN, hiddenIds: NOTHING_HIDDEN }
  let hidden: Set<string> = new Set()
  let hiddenIds: Set<string> = new Set()
  let data: Record<string, unknown> = { ...input }
  for (let round = 0; round < 5; round++) {
    data = { ...input }
    // A formula reads earlier calculations of this round, and reads hidden controls (and itself) as empty.
    const read = (name: string, own: string) =>
      name.startsWith('param.')
        ? numberOf(params[name.slice('param.'.length)])
        : name === own || hidden.has(name)
          ? null
          : numberOf(data[name])
    for (const { control, formula } of rules.calculations) {
      const value =
        formula && !hidden.has(control.variable)
          ? evaluateFormula(formula, (n) => read(n, control.variable))
          : null
      // Rounded to its decimals, or to 12 significant digits, which drops binary noise (0.1 + 0.2).
      data[control.variable] =
        value === null
          ? null
          : control.decimals !== undefined
            ? roundTo(value, control.decimals)
            : Number(value.toPrecision(12))
    }
    for (const test of rules.valueFrom) {
      if (testTypeIssue(test)) continue
      const value = hidden.has(test.variable) ? null : numberOf(data[test.valueFrom as string])
      const current = data[test.variable] as { value?: unknown; passOrFail?: unknown } | null | undefined
      const passOrFail = evaluateTest(test, value, false)
      if (current?.value !== value || current?.passOrFail !== passOrFail)
        data[test.variable] = value === null ? null : { value, passOrFail }
    }
    const scope: Record<string, unknown> = { param: params }
    for (const [variable, value] of Object.entries(data))
      scope[variable] = hidden.has(variable) ? null : conditionValue(value)
    for (const table of rules.conditionTables) {
      const rows = data[table.variable]
      if (hidden.has(table.variable) || !Array.isArray(rows) || !rows.length) continue
      scope[table.variable] = tableResult(judgeTableRows(table, rows, (n) => read(n, '')))
    }
    const nextHidden = new Set<string>()
    const nextIds = new Set<string>()
    for (const c of rules.conditionals) {
      if (!c.visibleIf || conditionHolds(c.visibleIf, scope)) continue
      c.variables.forEach((v) => nextHidden.add(v))
      c.ids.forEach((id) => nextIds.add(id))
    }
    const same =
      nextHidden.size === hidden.size &&
      [...nextHidden].every((v) => hidden.has(v)) &&
      nextIds.size === hiddenIds.size
    hidden = nextHidden
    hiddenIds = nextIds
    if (same) break
  }
  return { data, hidden, hiddenIds }
}
