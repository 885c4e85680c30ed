import type { ValueControl } from './field-schema'
import type { TableControl, TableRow } from './table-schema'

/**
 * CSV cells of measurement tables (issue #14): a header `variable[row].column` (rows from 1, as the form
 * and the server's messages count them) addresses one cell. The cells of a row are read by their column's
 * kind, as a top-level field of that kind would be; the rows are gathered into the table's list.
 */

const CELL_HEADER = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d{1,4})\]\.([A-Za-z_][A-Za-z0-9_]*)$/

/** A header's table cell: the table variable, the row index (from 0) and the column variable. */
export function parseCellHeader(header: string): { table: string; row: number; column: string } | undefined {
  const match = CELL_HEADER.exec(header)
  if (!match || Number(match[2]) < 1) return undefined
  return { table: match[1], row: Number(match[2]) - 1, column: match[3] }
}

/** Reads one cell's text as a control of the column's kind would (text-values.ts `valueFromText`). */
export type CellReader = (control: ValueControl, cell: unknown) => unknown

/**
 * Gathers the table cells of a CSV row into `out` (table variable → rows); returns whether `header`
 * addressed a cell of a known table and column. A fixed table gets one row per label; a table with added
 * rows keeps its rows up to the last one with a value, so blank trailing cells add no rows.
 */
export function readTableCell(
  tables: ReadonlyMap<string, TableControl>,
  out: Map<string, TableRow[]>,
  header: string,
  cell: unknown,
  read: CellReader,
): boolean {
  const at = parseCellHeader(header)
  const control = at && tables.get(at.table)
  const column = control?.columns.find((c) => c.variable === at?.column)
  if (!at || !control || !column) return false
  let rows = out.get(at.table)
  if (!rows) out.set(at.table, (rows = []))
  while (rows.length <= at.row) rows.push({})
  rows[at.row][at.column] = read(column as ValueControl, cell)
  return true
}

/** The gathered rows as the table stores them: fixed tables padded to their labels, trailing blank rows dropped. */
export function finishTableRows(control: TableControl, rows: TableRow[]): TableRow[] {
  if (control.rowLabels) {
    while (rows.length < control.rowLabels.length) rows.push({})
    return rows
  }
  const blank = (row: TableRow) => Object.values(row).every((v) => v === null || v === undefined)
  let end = rows.length
  while (end > 0 && blank(rows[end - 1])) end--
  return rows.slice(0, end)
}

/** Rows a CSV template offers for a table with added rows (more may be added following the pattern). */
const TEMPLATE_ADDED_ROWS = 5

/**
 * The CSV template's headers of a table: `variable[row].column` for each column the technician fills in
 * (calculated columns and the tests that take their value are the server's), for every fixed row, or for
 * `minRows`..5 added rows.
 */
export function tableCellHeaders(control: TableControl): string[] {
  const rows =
    control.rowLabels?.length ??
    Math.max(control.minRows ?? 0, Math.min(control.maxRows ?? TEMPLATE_ADDED_ROWS, TEMPLATE_ADDED_ROWS))
  const columns = control.columns.filter(
    (c) => c.type !== 'calculated' && !(c.type === 'testField' && c.testType === 'numeric' && c.valueFrom),
  )
  const out: string[] = []
  for (let r = 1; r <= rows; r++) for (const c of columns) out.push(`${control.variable}[${r}].${c.variable}`)
  return out
}
