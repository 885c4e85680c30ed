import { FIXED_CHOICES, NA_TEXT } from '../../schemas/form-layout'
import type { TableColumn, TableControl, TableRow } from '../../schemas/form-layout'

/**
 * Pure edits of a measurement table's rows (issue #14), kept out of the widget so they are tested
 * without a DOM: which columns a technician types into, reading typed or pasted text as a cell, pasting a
 * block copied from a spreadsheet, adding and removing rows.
 */

/** Columns a technician types into: not calculated, not a test that takes a calculated value. */
export function editableColumns(control: TableControl): TableColumn[] {
  return control.columns.filter(
    (c) => c.type !== 'calculated' && !(c.type === 'testField' && c.testType === 'numeric' && c.valueFrom),
  )
}

/** A number typed or pasted: a decimal comma counts as a point (spreadsheets in many locales copy one). */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/\s/g, '')
  if (t === '') return null
  const n = Number(/^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : t)
  return Number.isFinite(n) ? n : null
}

/** The answers a column offers, if it is a choice column. */
export function choicesOf(column: TableColumn): readonly string[] | undefined {
  if (column.type === 'dropdown') return column.values
  if (column.type !== 'testField' || column.testType === 'numeric') return undefined
  return column.testType === 'selection' ? (column.choices ?? []) : FIXED_CHOICES[column.testType]
}

/**
 * Text as a column's cell stores it: a number for a numeric test (text that is no number is kept, so the
 * judge fails it visibly rather than dropping it), a choice matched in any case, n/a where offered, else
 * the text. The judge adds each test cell's result.
 */
export function cellOfText(column: TableColumn, text: string): unknown {
  const t = text.trim()
  if (t === '') return null
  if (column.type === 'testField' && column.naOption && t.toLowerCase() === NA_TEXT)
    return { value: null, passOrFail: NA_TEXT }
  if (column.type === 'testField' && column.testType === 'numeric') return parseNumber(t) ?? t
  const choices = choicesOf(column)
  return choices?.find((c) => c.toLowerCase() === t.toLowerCase()) ?? t
}

/** A block copied from a spreadsheet: lines of tab-separated cells (a trailing line break is not a row). */
export function parseBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines.map((line) => line.split('\t'))
}

/** True when pasted text is a block (more than one cell) rather than one value for one input. */
export const isBlock = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''))

/** The most rows a table may grow to by pasting or adding. */
export function maxRowsOf(control: TableControl): number {
  return control.rowLabels ? control.rowLabels.length : (control.maxRows ?? 1000)
}

/**
 * Pastes a block into the rows from the cell at (`row`, editable column `col`): each pasted line fills a
 * row, each tab-separated value the next editable column. Rows are added (up to `maxRows`) for a table with
 * added rows; what falls outside the table is dropped. Returns new rows; untouched rows keep their identity.
 */
export function pasteBlock(
  control: TableControl,
  rows: readonly TableRow[],
  at: { row: number; col: number },
  text: string,
): TableRow[] {
  const columns = editableColumns(control)
  const block = parseBlock(text)
  const out = [...rows]
  const limit = Math.min(maxRowsOf(control), at.row + block.length)
  while (out.length < limit) out.push({})
  block.forEach((cells, i) => {
    const r = at.row + i
    if (r >= out.length) return
    const row = { ...out[r] }
    cells.forEach((cell, j) => {
      const column = columns[at.col + j]
      if (column) row[column.variable] = cellOfText(column, cell)
    })
    out[r] = row
  })
  return out
}

/** A row added at the end, if the table allows one more. */
export function addRow(control: TableControl, rows: readonly TableRow[]): readonly TableRow[] {
  return rows.length < maxRowsOf(control) ? [...rows, {}] : rows
}

/** The row at `index` removed, if the table keeps enough rows without it. */
export function removeRow(
  control: TableControl,
  rows: readonly TableRow[],
  index: number,
): readonly TableRow[] {
  if (control.rowLabels || rows.length <= (control.minRows ?? 0)) return rows
  return rows.filter((_, i) => i !== index)
}

/** The rows a table shows: its value, or one empty row per label (or its fewest rows) when it has none. */
export function rowsOf(control: TableControl, value: unknown): readonly TableRow[] {
  if (Array.isArray(value)) return value as TableRow[]
  return Array.from({ length: control.rowLabels?.length ?? control.minRows ?? 0 }, () => ({}))
}
