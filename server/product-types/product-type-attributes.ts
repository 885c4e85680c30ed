import { sql, type SQL } from 'drizzle-orm'
import { ATTRIBUTE_KEYS, TABLE_NAMES } from '../../schemas/entities/attribute'
import type { Db } from '../db/client'
import { intArray } from '../db/sql-arrays'
import { rowsOf } from '../submissions/write/sql-batch'

/** An `entity_attributes ea` row that makes a product type's serials prefix-free; a value of 'false' does not. */
const NO_PREFIX_ROW = sql`ea.table_name = ${TABLE_NAMES.productType}
  AND ea.key = ${ATTRIBUTE_KEYS.noSerialNumberPrefix} AND (ea.value IS NULL OR ea.value <> 'false')`

/**
 * Product types (of `ids`) that carry the NoSerialNumberPrefix attribute (SPEC §3), whose serial
 * ranges need no prefix. A value of 'false' does not count.
 */
export async function noSerialPrefixIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT DISTINCT ea.entity_id AS id FROM entity_attributes ea WHERE ${NO_PREFIX_ROW}
      AND ea.entity_id = ANY(${intArray(ids)})`),
  )
  return new Set(rows.map((r) => Number(r.id)))
}

/** The same rule as a boolean column for one product type, for a statement that asks more besides. */
export function noSerialPrefixColumn(productTypeId: number): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM entity_attributes ea WHERE ${NO_PREFIX_ROW} AND ea.entity_id = ${productTypeId})`
}
