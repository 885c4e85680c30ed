import { formulaVariables, parseFormula } from './formula'
import type { LayoutIssue } from './validate-layout'
import { tablePlan } from './table-judge'
import type { TableControl } from './table-schema'

/**
 * What the layout schema cannot say about a table (issue #14): its row limits in order, its column
 * variables distinct, its formulas readable and naming a column, a layout variable or `param.key`, no
 * circle of calculated columns, and a `valueFrom` naming a calculated column of the same table.
 * `at` is the table's JSON pointer; `known` the layout's top-level variables.
 */
export function tableIssues(control: TableControl, at: string, known: ReadonlySet<string>): LayoutIssue[] {
  const issues: LayoutIssue[] = []
  if (control.minRows !== undefined && control.maxRows !== undefined && control.minRows > control.maxRows)
    issues.push({ path: `${at}/maxRows`, message: `is less than minRows (${control.minRows})` })
  const columns = new Set<string>()
  const calculated = new Set(control.columns.filter((c) => c.type === 'calculated').map((c) => c.variable))
  const circular = new Set(
    tablePlan(control)
      .calculations.filter((c) => c.formula === null && !(parseFormula(c.column.formula) instanceof Error))
      .map((c) => c.column.variable),
  )
  control.columns.forEach((column, i) => {
    const path = `${at}/columns/${i}`
    if (columns.has(column.variable))
      issues.push({ path: `${path}/variable`, message: `"${column.variable}" is used by another column` })
    columns.add(column.variable)
    if (column.type === 'calculated') {
      const parsed = parseFormula(column.formula)
      if (parsed instanceof Error) {
        issues.push({ path: `${path}/formula`, message: `cannot be read: ${parsed.message}` })
        return
      }
      const names = formulaVariables(parsed)
      for (const name of names.filter((n) => !n.startsWith('param.') && !known.has(n)))
        if (!control.columns.some((c) => c.variable === name))
          issues.push({ path: `${path}/formula`, message: `names unknown variable "${name}"` })
      if (circular.has(column.variable))
        issues.push({ path: `${path}/formula`, message: 'reads its own value through other calculations' })
    }
    if (column.type === 'testField' && column.valueFrom) {
      if (column.testType !== 'numeric')
        issues.push({ path: `${path}/valueFrom`, message: 'is for numeric tests only' })
      else if (!calculated.has(column.valueFrom))
        issues.push({
          path: `${path}/valueFrom`,
          message: `"${column.valueFrom}" is not a calculated column`,
        })
    }
  })
  return issues
}
