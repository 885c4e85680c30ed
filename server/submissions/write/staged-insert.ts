import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { canCopy, copyRows, type CopyCell } from '../../db/copy-rows'
import { chunks, insertJson, rowsOf } from './sql-batch'

/**
 * From this many rows a write goes through a staging table: below it, the temporary table's creation and
 * the COPY round trips cost more than the JSON statement they replace (a single submission writes one row).
 */
export const STAGE_MIN_ROWS = 1_000

/** How a writer chooses between its two ways of inserting (tests force the staged one on small batches). */
export interface StagingOptions {
  /** Rows from which a write is staged; STAGE_MIN_ROWS unless set. */
  stageFromRows?: number
  /**
   * False: new records and products go through the staging tables as the link tables do, not straight
   * into their tables with reserved ids (direct-copy.ts). For comparing the two (tests, csv-profile).
   */
  copyDirect?: boolean
}

/**
 * `INSERT INTO table (…) … tail` of `rows` (keyed by the drizzle schema's property names, as `insertJson`),
 * answering the rows `tail`'s RETURNING gives. Up to STAGE_MIN_ROWS rows: `insertJson` statements of 1,000
 * rows. From there: one COPY into a temporary staging table dropped at commit (issue #17.3; created once
 * per transaction and emptied after each use), then one
 * `INSERT … SELECT … ORDER BY` the rows' order, so sequence values follow the rows as before. Either way
 * the same rows are written, in the same order, by set-based statements inside the caller's transaction.
 */
export async function insertRows<T = unknown>(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  tail: SQL = sql``,
  stageFromRows = STAGE_MIN_ROWS,
): Promise<T[]> {
  if (rows.length === 0) return []
  // The pool (no transaction) has no one connection for a COPY: the JSON statements serve it.
  if (rows.length < stageFromRows || !canCopy(db)) {
    const out: T[] = []
    for (const part of chunks(rows)) out.push(...rowsOf<T>(await db.execute(insertJson(table, part, tail))))
    return out
  }
  const { names, types, encode } = copyColumns(table, rows[0])
  const stage = `stage_${getTableName(table)}`
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '))
  await stagingTable(
    db,
    stage,
    `"ord" integer, ${names.map((name, i) => `"${name}" ${types[i]}`).join(', ')}`,
  )
  await copyRows(
    db,
    stage,
    ['ord', ...names],
    rows.map((row, ord) => encode(row, ord)),
  )
  const result = rowsOf<T>(
    await db.execute(
      sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM ${sql.raw(`"${stage}"`)} ORDER BY "ord" ${tail}`,
    ),
  )
  // TRUNCATE, not DELETE: the table was created in this transaction, so it is emptied in place, and the
  // next chunk's INSERT … SELECT does not scan the dead rows of every chunk before it.
  await db.execute(sql.raw(`TRUNCATE "${stage}"`))
  return result
}

/**
 * The COPY columns of rows shaped like `sample` (keyed by the drizzle schema's property names), their SQL
 * types, and how one row becomes COPY cells after a leading cell (its order or its id).
 */
export function copyColumns(table: PgTable, sample: Record<string, unknown>) {
  const columns = getTableColumns(table)
  const keys = Object.keys(sample)
  const names = keys.map((key) => {
    const column = columns[key]
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`)
    return column.name
  })
  const types = keys.map((key) => columns[key].getSQLType())
  // jsonb cells go as their JSON text: a JSON string value must not be read as the JSON it spells.
  const json = types.map((type) => type === 'jsonb' || type === 'json')
  const encode = (row: Record<string, unknown>, first: CopyCell): CopyCell[] => {
    const cells: CopyCell[] = [first]
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i]] as CopyCell
      cells.push(json[i] && value !== null && value !== undefined ? JSON.stringify(value) : value)
    }
    return cells
  }
  return { names, types, encode }
}

/** The staging tables a transaction's handle has created: name → column definitions. */
const created = new WeakMap<Db, Map<string, string>>()

/**
 * Creates the temporary table `stage` with `columns` once per transaction handle (dropped at commit or
 * rollback); later writes in the same transaction reuse it, emptied after each use. A CSV file writes a
 * chunk at a time, and creating and dropping two tables per chunk cost ~50 ms of the database's time
 * each chunk.
 */
async function stagingTable(db: Db, stage: string, columns: string): Promise<void> {
  let tables = created.get(db)
  if (!tables) created.set(db, (tables = new Map()))
  if (tables.get(stage) === columns) return
  await db.execute(sql.raw(`DROP TABLE IF EXISTS pg_temp."${stage}"`))
  await db.execute(sql.raw(`CREATE TEMP TABLE "${stage}" (${columns}) ON COMMIT DROP`))
  tables.set(stage, columns)
}
