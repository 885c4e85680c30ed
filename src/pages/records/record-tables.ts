import { tableResult, tablesOf, type FormLayout, type TableColumn } from '../../../schemas/form-layout'
import { formatValue } from '../../components/record-values'

/** One cell of a stored table as the record view shows it: its text and, for a test cell, its result. */
export interface RecordTableCell {
  text: string
  result?: string
}

/** A measurement table of a record (issue #14), shown as a table rather than key/value lines. */
export interface RecordTableView {
  variable: string
  label: string
  rowHeader: string
  columns: { variable: string; label: string }[]
  rows: { label: string; cells: RecordTableCell[] }[]
  result: 'Pass' | 'Fail' | null
}

const unitOf = (column: TableColumn) => ('unit' in column && column.unit ? ` ${column.unit}` : '')

function cellOf(column: TableColumn, raw: unknown): RecordTableCell {
  if (column.type === 'testField') {
    const cell =
      typeof raw === 'object' && raw !== null
        ? (raw as { value?: unknown; passOrFail?: unknown })
        : { value: raw }
    const result = typeof cell.passOrFail === 'string' ? cell.passOrFail : '-'
    const empty = cell.value === null || cell.value === undefined || cell.value === ''
    return {
      text: empty ? (result === 'n/a' ? 'n/a' : '—') : `${formatValue(cell.value)}${unitOf(column)}`,
      result,
    }
  }
  if (column.type === 'calculated' && typeof raw === 'number')
    return { text: `${column.decimals !== undefined ? raw.toFixed(column.decimals) : raw}${unitOf(column)}` }
  return { text: formatValue(raw) }
}

/** The stored tables of a record, in layout order; a table the record holds no rows for is left out. */
export function recordTables(
  layout: FormLayout | null,
  data: Readonly<Record<string, unknown>>,
): RecordTableView[] {
  if (!layout) return []
  const out: RecordTableView[] = []
  for (const control of tablesOf(layout)) {
    const rows = data[control.variable]
    if (!Array.isArray(rows)) continue
    const tested = control.columns.some((c) => c.type === 'testField')
    out.push({
      variable: control.variable,
      label: control.label,
      rowHeader: control.rowHeader ?? (control.rowLabels ? '' : '#'),
      columns: control.columns.map((c) => ({
        variable: c.variable,
        label: `${c.label}${unitOf(c) ? ` (${unitOf(c).trim()})` : ''}`,
      })),
      rows: rows.map((row, i) => ({
        label: control.rowLabels?.[i] ?? String(i + 1),
        cells: control.columns.map((c) => cellOf(c, (row as Record<string, unknown> | null)?.[c.variable])),
      })),
      result: tested ? tableResult(rows) : null,
    })
  }
  return out
}
