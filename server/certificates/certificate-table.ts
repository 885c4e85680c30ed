import {
  NA_TEXT,
  cellName,
  readTestCell,
  rowLabelOf,
  type Judgement,
  type TableColumn,
  type TableControl,
} from '../../schemas/form-layout/index'
import type { CertificateSection, Mark } from './certificate-model'
import { limitsOf, markOf, valueText } from './certificate-values'

/**
 * A measurement table (issue #14) on a certificate (audit s9 F2): its own section, headed by the table's
 * label and result, laid out as the table it is — one line per stored row, under column captions that
 * give each column's unit and, for a test column, its limits as the record's own parameters resolve
 * them; each test cell carries the judge's mark. It used to be printed as the rows' JSON.
 */

/** One measurement table as the certificate prints it. */
export interface CertificateTable {
  /** The row header (e.g. 'Tap / phase'), then each column's label with its unit and, for a test, its limits. */
  head: string[]
  /** Each stored row: its label (or number from 1), then each cell's text. */
  rows: string[][]
  /** Each row's marks, by column as `rows`: '' for the label and for cells that are not tests. */
  marks: Mark[][]
}

/** Separates a test cell's value from its mark, so both read in one cell ('500 W · PASS'). */
export const MARK_SEPARATOR = ' · '

const unitOf = (column: TableColumn) => ('unit' in column && column.unit ? ` ${column.unit}` : '')

function captionOf(column: TableColumn): string {
  const unit = unitOf(column)
  const caption = `${column.label}${unit ? ` (${unit.trim()})` : ''}`
  return column.type === 'testField' ? `${caption}\n${limitsOf(column, unit)}` : caption
}

function cellOf(column: TableColumn, raw: unknown, mark: Mark): string {
  if (column.type === 'testField') {
    const { value, na } = readTestCell(column, raw)
    const text = na ? NA_TEXT : value === null || value === '' ? '—' : `${valueText(value)}${unitOf(column)}`
    return mark ? `${text}${MARK_SEPARATOR}${mark}` : text
  }
  if (column.type === 'calculated') {
    if (typeof raw !== 'number') return '—'
    return `${column.decimals !== undefined ? raw.toFixed(column.decimals) : raw}${unitOf(column)}`
  }
  // Free text and choices exactly as stored (never read as dates).
  return valueText(raw)
}

/**
 * The section of a table control: `rows` are the judged rows (calculations and test cells as the judge
 * gave them), the marks come from `judged.cells`, the section's mark from `judged.tables`.
 */
export function tableSection(
  control: TableControl,
  rows: unknown,
  judged: Pick<Judgement, 'cells' | 'tables'>,
): CertificateSection {
  const tested = control.columns.some((c) => c.type === 'testField')
  const section: CertificateSection = {
    title: control.label,
    mark: tested && Array.isArray(rows) ? markOf(judged.tables[control.variable]) : undefined,
    notes: [],
    rows: [],
  }
  if (!Array.isArray(rows) || rows.length === 0) {
    section.notes.push('No rows entered.')
    return section
  }
  const table: CertificateTable = {
    head: [control.rowHeader ?? (control.rowLabels ? '' : '#'), ...control.columns.map(captionOf)],
    rows: [],
    marks: [],
  }
  rows.forEach((row, i) => {
    const cells = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>
    const marks = control.columns.map((c) =>
      c.type === 'testField' ? markOf(judged.cells[cellName(control.variable, i, c.variable)]) : '',
    )
    table.rows.push([
      rowLabelOf(control, i),
      ...control.columns.map((c, j) => cellOf(c, cells[c.variable], marks[j])),
    ])
    table.marks.push(['', ...marks])
  })
  section.table = table
  return section
}
