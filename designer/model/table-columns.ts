import type { TableColumn, TestType } from '../../schemas/form-layout'
import { newColumnId, uniqueVariable } from './factories'
import { renameColumnRefs } from './rename'

/**
 * Pure edits of a measurement table's columns and rows (issue #14), as the inspector's table editor makes
 * them: each returns a new list, which the inspector stores with one `updateControl` (one undo step).
 */

/** A kind of column the editor adds: the test kinds, text, dropdown and calculated. */
export type ColumnKind = `testField:${TestType}` | 'singletext' | 'dropdown' | 'calculated'

/** The kinds offered, in the editor's order, with their names. */
export const COLUMN_KINDS: readonly { kind: ColumnKind; label: string }[] = [
  { kind: 'testField:numeric', label: 'Numeric test' },
  { kind: 'testField:selection', label: 'Selection test' },
  { kind: 'testField:yesNo', label: 'Yes/No test' },
  { kind: 'testField:passFail', label: 'Pass/Fail test' },
  { kind: 'singletext', label: 'Text' },
  { kind: 'dropdown', label: 'Dropdown' },
  { kind: 'calculated', label: 'Calculated' },
]

/** The editor's name for a column's kind. */
export function columnKindLabel(column: TableColumn): string {
  const kind = column.type === 'testField' ? `testField:${column.testType}` : column.type
  return COLUMN_KINDS.find((k) => k.kind === kind)?.label ?? column.type
}

/** A new column of `kind`, its variable unused among `columns`. */
export function createColumn(kind: ColumnKind, columns: readonly TableColumn[]): TableColumn {
  const taken = new Set(columns.map((c) => c.variable))
  const label = COLUMN_KINDS.find((k) => k.kind === kind)?.label ?? 'Column'
  const id = newColumnId()
  if (kind === 'singletext') return { type: kind, id, variable: uniqueVariable('text', taken), label }
  if (kind === 'dropdown')
    return {
      type: kind,
      id,
      variable: uniqueVariable('choice', taken),
      label,
      values: ['Option 1', 'Option 2'],
    }
  if (kind === 'calculated')
    return { type: kind, id, variable: uniqueVariable('calc', taken), label, formula: '0', decimals: 2 }
  const testType = kind.slice('testField:'.length) as TestType
  const base = { type: 'testField', id, variable: uniqueVariable(testType, taken), label, testType } as const
  if (testType === 'selection') return { ...base, choices: ['Option 1', 'Option 2'], passChoice: 'Option 1' }
  return base
}

/** The column at `from` moved to `to` (both clamped to the list). */
export function moveColumn(columns: readonly TableColumn[], from: number, to: number): TableColumn[] {
  const out = [...columns]
  if (from < 0 || from >= out.length) return out
  const [moved] = out.splice(from, 1)
  out.splice(Math.max(0, Math.min(to, out.length)), 0, moved)
  return out
}

/** The column at `index` with `patch` applied; an undefined value removes that property. */
export function updateColumn(
  columns: readonly TableColumn[],
  index: number,
  patch: Record<string, unknown>,
): TableColumn[] {
  const before = columns[index]?.variable
  const out = columns.map((column, i) => {
    if (i !== index) return column
    const next: Record<string, unknown> = { ...column, ...patch }
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key]
    return next as TableColumn
  })
  const after = out[index]?.variable
  // A renamed column: the other columns' formulas and `valueFrom` follow it.
  return before && after && before !== after ? renameColumnRefs(out, before, after) : out
}

/** The list without the column at `index` (a table keeps at least one column). */
export function removeColumn(columns: readonly TableColumn[], index: number): TableColumn[] {
  return columns.length <= 1 ? [...columns] : columns.filter((_, i) => i !== index)
}

/** A list as typed: '1-5' is 1 to 5, otherwise items separated by commas. */
export function parseList(text: string): string[] {
  const range = /^\s*(-?\d+)\s*-\s*(-?\d+)\s*$/.exec(text)
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])]
    const step = from <= to ? 1 : -1
    return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => String(from + i * step))
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Row labels for every combination of two lists, e.g. taps 1–5 × phases A/B/C → '1 A' … '5 C'. */
export function combineLabels(first: readonly string[], second: readonly string[], prefix = ''): string[] {
  if (second.length === 0) return first.map((a) => `${prefix}${a}`)
  return first.flatMap((a) => second.map((b) => `${prefix}${a} ${b}`))
}

/** Labels typed one per line (blank lines dropped). */
export const labelsOfText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)

/**
 * A table's inspector edit made consistent: fixed row labels and added-row limits exclude each other, so
 * switching to fixed rows drops `minRows` and `maxRows`.
 */
export function withRowMode(next: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(next.rowLabels)) return next
  return { ...next, minRows: undefined, maxRows: undefined }
}

/**
 * What a change of a table's columns is, for the undo history's coalescing: edits of one property of one
 * column (typing a formula) are one step; adding, removing or reordering columns is a step of its own.
 */
export function columnsEditKey(before: unknown, after: unknown): string {
  const list = (v: unknown) => (Array.isArray(v) ? (v as TableColumn[]) : [])
  const [a, b] = [list(before), list(after)]
  const order = (cols: TableColumn[]) => cols.map((c) => c.id ?? c.variable).join(',')
  if (order(a) !== order(b)) return `order:${order(b)}`
  const at = b.findIndex((c, i) => JSON.stringify(c) !== JSON.stringify(a[i]))
  if (at < 0) return 'same'
  const keys = new Set([...Object.keys(a[at]), ...Object.keys(b[at])])
  const changed = [...keys].filter(
    (k) =>
      JSON.stringify((a[at] as Record<string, unknown>)[k]) !==
      JSON.stringify((b[at] as Record<string, unknown>)[k]),
  )
  return `column:${at}:${changed.join(',')}`
}
