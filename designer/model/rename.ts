import { isContainer, type Condition, type Control, type TableColumn } from '../../schemas/form-layout'

/**
 * Renaming a variable in the designer carries the new name to everything that reads it (issue #14): group
 * `tests` lists, formulas of calculated controls and table columns, tests' `valueFrom`, and `visibleIf` /
 * `requiredIf` conditions — so a rename never leaves a rule pointing at a name that no longer exists.
 */

/**
 * `formula` with the variable `from` named `to`. A formula holds only numbers, operators, function calls
 * and names (formula.ts), so a whole-word match that is not `param.from` nor a call `from(` is the variable.
 */
export function renameInFormula(formula: string, from: string, to: string): string {
  const escaped = from.replace(/[$]/g, '\\$&')
  return formula.replace(new RegExp(`(?<![\\w.$])${escaped}(?![\\w$]|\\s*\\()`, 'g'), to)
}

/** `condition` with every `{"var": from}` made `{"var": to}` (JSON Logic is data: a plain walk). */
export function renameInCondition(condition: Condition, from: string, to: string): Condition {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (node === null || typeof node !== 'object') return node
    const entries = Object.entries(node as Record<string, unknown>)
    if (entries.length === 1 && entries[0][0] === 'var' && entries[0][1] === from) return { var: to }
    return Object.fromEntries(entries.map(([k, v]) => [k, walk(v)]))
  }
  return walk(condition) as Condition
}

type Renamable = Record<string, unknown>

/** One control's or column's own references renamed; the same object when nothing referred to `from`. */
function renameRefs<T extends object>(item: T, from: string, to: string): T {
  const c = item as Renamable
  const next: Renamable = { ...c }
  if (typeof c.formula === 'string') next.formula = renameInFormula(c.formula, from, to)
  if (c.valueFrom === from) next.valueFrom = to
  for (const key of ['visibleIf', 'requiredIf'] as const)
    if (c[key]) next[key] = renameInCondition(c[key] as Condition, from, to)
  if (Array.isArray(c.tests) && c.tests.includes(from))
    next.tests = (c.tests as string[]).map((t) => (t === from ? to : t))
  const changed = Object.keys(next).some((k) => JSON.stringify(next[k]) !== JSON.stringify(c[k]))
  return changed ? (next as T) : item
}

/** A table's columns after its column variable `from` became `to`: formulas and `valueFrom` follow. */
export function renameColumnRefs(columns: readonly TableColumn[], from: string, to: string): TableColumn[] {
  return columns.map((column) => renameRefs(column, from, to))
}

/**
 * Every control of `controls` after the layout variable `from` became `to`. A table's column formulas read
 * layout variables too, unless the table has a column of that name (which the formula means instead).
 */
export function renameVariable(controls: readonly Control[], from: string, to: string): Control[] {
  return controls.map((control) => {
    let next = renameRefs(control, from, to)
    if (next.type === 'table' && !next.columns.some((c) => c.variable === from)) {
      const before = next.columns
      const columns = renameColumnRefs(before, from, to)
      if (columns.some((c, i) => c !== before[i])) next = { ...next, columns }
    }
    if (isContainer(next)) {
      const before = next.children
      const children = renameVariable(before, from, to)
      if (children.some((c, i) => c !== before[i])) next = { ...next, children } as Control
    }
    return next
  })
}
