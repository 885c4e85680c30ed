import { and, eq, sql, type SQL } from 'drizzle-orm'
import { tableResult, type TableControl } from '../../../schemas/form-layout/index'
import type { Db } from '../../db/client'
import { records } from '../../db/schema/index'

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
 * A measurement table in the Excel export (issue #14), flattened: one column per cell named
 * `variable[row].column` (rows from 1) — the same header a CSV upload reads, so an exported sheet's table
 * columns can be uploaded again — a result column beside each test cell, and the table's own result. A
 * fixed table has its labelled rows; a table with added rows as many as the longest exported record holds.
 */
export async function tableColumns(
  db: Db,
  where: SQL | undefined,
  recordTypeId: number,
  control: TableControl,
): Promise<ExportColumn[]> {
  const variable = control.variable
  let count = control.rowLabels?.length ?? 0
  if (!control.rowLabels) {
    const [longest] = await db
      .select({
        n: sql<
          number | null
        >`max(case when jsonb_typeof(${records.data}->${variable}) = 'array' then jsonb_array_length(${records.data}->${variable}) end)`,
      })
      .from(records)
      .where(and(where, eq(records.recordTypeId, recordTypeId)))
    count = Number(longest?.n ?? 0)
  }
  const out: ExportColumn[] = [
    {
      header: `${variable} result`,
      read: (d) => (Array.isArray(d[variable]) ? tableResult(d[variable] as unknown[]) : null),
    },
  ]
  for (let i = 0; i < count; i++) {
    for (const column of control.columns) {
      const name = `${variable}[${i + 1}].${column.variable}`
      const cell = (d: Record<string, unknown>) => rowAt(d, variable, i)?.[column.variable]
      if (column.type === 'testField') {
        out.push({ header: name, read: (d) => (cell(d) as { value?: unknown } | null)?.value ?? null })
        out.push({
          header: `${name} result`,
          read: (d) => (cell(d) as { passOrFail?: unknown } | null)?.passOrFail ?? null,
        })
      } else out.push({ header: name, read: cell })
    }
  }
  return out
}
