import type { Condition } from './condition-schema'
import { comparedVariable, comparisonsOf, conditionVariables } from './conditions'
import { formulaVariables, parseFormula } from './formula'
import { rulesOf } from './derive'
import type { Control, FormLayout } from './layout-schema'
import { listVariables, walkControls, type ControlPath } from './layout-walk'
import type { LayoutIssue } from './validate-layout'
import { tableIssues } from './table-issues'

/**
 * A selection test's choices listed twice ('Good' and 'good ' too: a CSV cell picks its choice in any case,
 * so the two could not be told apart). The pass choice list offered the same text twice, unremarked.
 * `name` says which table column, for a column's choices.
 */
function repeatedChoices(choices: readonly string[] | undefined, at: string, name = ''): LayoutIssue[] {
  const seen = new Set<string>()
  for (const choice of choices ?? []) {
    const key = choice.trim().toLowerCase()
    if (seen.has(key))
      return [
        {
          path: `${at}/choices`,
          message: `${name}must all be different: "${choice.trim()}" is listed twice`,
        },
      ]
    seen.add(key)
  }
  return []
}

/**
 * Selection tests (and table columns) whose choices repeat. Checked where a layout is saved (the server's
 * check and the designer), not where a stored one is loaded: a layout stored before this check must still
 * render and judge its records.
 */
export function choiceIssues(layout: Pick<FormLayout, 'controls'>): LayoutIssue[] {
  const issues: LayoutIssue[] = []
  for (const { control, path } of walkControls(layout.controls)) {
    const at = `/controls/${(path as ControlPath).join('/children/')}`
    if (control.type === 'testField') issues.push(...repeatedChoices(control.choices, at))
    if (control.type === 'table')
      control.columns.forEach((column, i) => {
        if (column.type === 'testField')
          issues.push(...repeatedChoices(column.choices, `${at}/columns/${i}`, `"${column.label}" choices `))
      })
  }
  return issues
}

/**
 * What the layout schema cannot say about its rules (issue #14): a formula that does not parse or names
 * no control, calculations that read each other in a circle, a `valueFrom` that is not a calculated
 * value, a condition about a variable no control holds. `param.key` names are the product type's and
 * are checked when a product type is chosen, not here.
 */
export function ruleIssues(layout: Pick<FormLayout, 'controls'>): LayoutIssue[] {
  const known = new Set(listVariables(layout))
  const calculated = new Set<string>()
  for (const { control } of walkControls(layout.controls))
    if (control.type === 'calculated') calculated.add(control.variable)
  const unknown = (names: string[]) => names.filter((n) => !n.startsWith('param.') && !known.has(n))
  const circular = new Set(
    rulesOf(layout)
      .calculations.filter((c) => c.formula === null && !(parseFormula(c.control.formula) instanceof Error))
      .map((c) => c.control.variable),
  )
  const issues: LayoutIssue[] = []
  for (const { control, path } of walkControls(layout.controls)) {
    const at = `/controls/${(path as ControlPath).join('/children/')}`
    if (control.type === 'table') issues.push(...tableIssues(control, at, known))
    if (control.type === 'calculated') {
      const parsed = parseFormula(control.formula)
      if (parsed instanceof Error)
        issues.push({ path: `${at}/formula`, message: `cannot be read: ${parsed.message}` })
      else {
        for (const name of unknown(formulaVariables(parsed)))
          issues.push({ path: `${at}/formula`, message: `names unknown variable "${name}"` })
        if (circular.has(control.variable))
          issues.push({ path: `${at}/formula`, message: 'reads its own value through other calculations' })
      }
    }
    if (control.type === 'testField' && control.valueFrom) {
      if (control.testType !== 'numeric')
        issues.push({ path: `${at}/valueFrom`, message: 'is for numeric tests only' })
      else if (!calculated.has(control.valueFrom))
        issues.push({ path: `${at}/valueFrom`, message: `"${control.valueFrom}" is not a calculated value` })
    }
    for (const key of ['visibleIf', 'requiredIf'] as const) {
      const condition = (control as Control & Partial<Record<typeof key, Condition>>)[key]
      if (!condition) continue
      if (comparisonsOf(condition).some((c) => comparedVariable(c) === undefined))
        issues.push({ path: `${at}/${key}`, message: 'compares a value with no variable' })
      for (const name of unknown(conditionVariables(condition)))
        issues.push({ path: `${at}/${key}`, message: `names unknown variable "${name}"` })
    }
  }
  return issues
}
