import { tableResult, UNSET_RESULT, type TableControl } from '../../../schemas/form-layout/index'

/** A column of the export: its header and how a record's data gives its value. */
export interface ExportColumn {
  header: string
  read: (data: Record<string, unknown>) => unknown
}

type Row = Record<string, unknown> | null | undefined
const rowAt = (data: Record<string, unknown>, table: string, i: number): Row => {
  const rows = data[table]
  return Array.isArray(rows) ? (rows[i] as Row) : undefined
}

/**
 * A table cell's result as the record view shows it: 'Pass', 'Fail', 'n/a'; an unset cell ('-', or no
 * result) is an empty cell. Unlike a top-level test field, whose stored '-' is n/a (SPEC §9 sends n/a as
 * '-'), a table cell keeps n/a as 'n/a' and '-' means nothing was measured (docs/decisions.md).
 */
function cellResult(cell: unknown): unknown {
  const result = (cell as { passOrFail?: unknown } | null | undefined)?.passOrFail
  return result === UNSET_RESULT ? null : (result ?? null)
}

/**
 * A measurement table in the Excel export (issue #14), flattened: one column per cell named
 * `variable[row].column` (rows from 1) — the same header a CSV upload reads, so an exported sheet's table
 * columns can be uploaded again — a result column beside each test cell, and the table's own result.
 * `rows`: a fixed table's labelled rows; for a table with added rows, as many as the longest exported
 * record holds (data-columns.ts reads them in one query).
 */
export function tableColumns(control: TableControl, rows: number): ExportColumn[] {
  const variable = control.variable
  const out: ExportColumn[] = [
    {
      header: `${variable} result`,
      read: (d) => (Array.isArray(d[variable]) ? tableResult(d[variable] as unknown[]) : null),
    },
  ]
  for (let i = 0; i < rows; i++) {
    for (const column of control.columns) {
      const name = `${variable}[${i + 1}].${column.variable}`
      const cell = (d: Record<string, unknown>) => rowAt(d, variable, i)?.[column.variable]
      if (column.type === 'testField') {
        out.push({ header: name, read: (d) => (cell(d) as { value?: unknown } | null)?.value ?? null })
        out.push({ header: `${name} result`, read: (d) => cellResult(cell(d)) })
      } else out.push({ header: name, read: cell })
    }
  }
  return out
}
