import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { canCopy, copyRows } from '../../db/copy-rows'
import { isUniqueViolation } from '../../db/errors'
import { rowsOf } from './sql-batch'
import { copyColumns, insertRows, STAGE_MIN_ROWS, type StagingOptions } from './staged-insert'

/**
 * `count` new ids of `table`'s serial `id` column, ascending. Each comes from the sequence's `nextval`,
 * as a row's default would, so no other writer — a concurrent submission, another upload — can ever be
 * given one of them; they need not be consecutive. (A `setval` jump would not be safe: another session's
 * `nextval` between the read and the jump would take an id of the range.) A rolled-back transaction
 * leaves a gap in the sequence, as a rolled-back INSERT does.
 */
export async function reserveIds(db: Db, table: string, count: number): Promise<number[]> {
  const result = await db.execute(sql`SELECT nextval(s.seq) AS id
    FROM (SELECT pg_get_serial_sequence(${table}, 'id')::regclass AS seq) AS s,
      generate_series(1, ${count}::int)`)
  return rowsOf<{ id: number | string }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b)
}

/**
 * Whether `rows` go to `table` by one COPY of their own (issue #17.3): a batch of STAGE_MIN_ROWS rows or
 * more (a CSV chunk, the demo seed), inside a transaction. A single submission keeps its JSON statement.
 */
const copies = (db: Db, rows: readonly unknown[], staging: StagingOptions) =>
  staging.copyDirect !== false &&
  rows.length >= (staging.stageFromRows ?? STAGE_MIN_ROWS) &&
  rows.length > 0 &&
  canCopy(db)

/**
 * COPYs `rows` straight into `table` with ids reserved up front, the i-th row taking the i-th smallest:
 * the ids follow the rows' order as a multi-row INSERT's sequence defaults do. No staging table and no
 * `INSERT … SELECT`, so each row is written once, not twice (issue #17.3).
 */
export async function copyWithIds(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): Promise<number[]> {
  const name = getTableName(table)
  const ids = await reserveIds(db, name, rows.length)
  const { names, encode } = copyColumns(table, rows[0])
  await copyRows(
    db,
    name,
    ['id', ...names],
    rows.map((row, i) => encode(row, ids[i])),
  )
  return ids
}

/**
 * Inserts `rows` (no unique key but the id can refuse them, as records) and answers their ids in the
 * rows' order: COPYed with reserved ids from STAGE_MIN_ROWS rows, multi-row JSON statements below.
 */
export async function insertWithIds(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  staging: StagingOptions = {},
): Promise<number[]> {
  if (copies(db, rows, staging)) return copyWithIds(db, table, rows)
  const inserted = await insertRows<{ id: number }>(db, table, rows, sql`RETURNING id`, staging.stageFromRows)
  // Ids come from the sequence in insertion order (the rows' order), so ascending ids line up with the
  // rows whatever order RETURNING lists them in.
  return inserted.map((r) => Number(r.id)).sort((a, b) => a - b)
}

/**
 * COPYs `rows` straight into `table` with reserved ids (as copyWithIds) unless a unique key of the table
 * refuses one of them: then it is as if nothing had been tried (the COPY runs under a savepoint, rolled
 * back) and the answer is null, for the caller's `ON CONFLICT` path. That happens when a concurrent
 * writer committed the same product after this write read the stored ones. Also null below
 * STAGE_MIN_ROWS rows or outside a transaction, where the caller's statements serve.
 */
export async function copyUnlessTaken(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  staging: StagingOptions = {},
): Promise<number[] | null> {
  if (!copies(db, rows, staging)) return null
  await db.execute(sql`SAVEPOINT copy_unless_taken`)
  try {
    const ids = await copyWithIds(db, table, rows)
    await db.execute(sql`RELEASE SAVEPOINT copy_unless_taken`)
    return ids
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    await db.execute(sql`ROLLBACK TO SAVEPOINT copy_unless_taken`)
    await db.execute(sql`RELEASE SAVEPOINT copy_unless_taken`)
    return null
  }
}
