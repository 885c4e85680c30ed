import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/** Rows per multi-row statement. */
export const CHUNK = 1000

/** `list` in slices of CHUNK rows, one statement each. */
export const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
  return out
}

/** The rows of `db.execute`'s answer (PGlite answers `{rows}`, node-postgres through drizzle too). */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * `INSERT INTO table (…) SELECT … FROM jsonb_to_recordset($1)`: a chunk of rows as one JSON parameter.
 * Building a 1,000-row VALUES list through the query builder cost more CPU than the database spent
 * writing it; one JSON.stringify does not. Works the same on PGlite and PostgreSQL. Rows are keyed by the
 * drizzle schema's property names (as `db.insert` takes them); column names and SQL types come from the
 * schema, so no writer names a column of its own.
 */
export function insertJson(table: PgTable, rows: readonly Record<string, unknown>[], tail = sql``) {
  const columns = getTableColumns(table)
  const keys = Object.keys(rows[0] ?? {})
  const names = keys.map((key) => {
    const column = columns[key]
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`)
    return column.name
  })
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '))
  const types = sql.raw(names.map((name, i) => `"${name}" ${columns[keys[i]].getSQLType()}`).join(', '))
  // JSON.stringify writes a Date as its ISO text, which timestamptz reads back exactly.
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], row[key]]))),
  )
  return sql`INSERT INTO ${table} (${list})
    SELECT ${list} FROM jsonb_to_recordset(${json}::jsonb) AS x(${types}) ${tail}`
}
