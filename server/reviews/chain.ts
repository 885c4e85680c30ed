import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { intArray } from '../db/sql-arrays'

/**
 * The re-test chain (issue #19.4): of a product's records of one record type, each but the newest is
 * superseded by the next newer one (record date, then id). Recomputed for the products a write touched, in
 * one set-based statement, so a back-dated record slots into its place and a CSV batch of many records
 * of one product chains them in order; only rows whose link changes are written.
 */
export async function refreshChains(db: Db, productIds: readonly (number | null)[]): Promise<void> {
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))]
  if (ids.length === 0) return
  await db.execute(sql`
    UPDATE records r SET superseded_by_id = n.next_id
    FROM (
      SELECT id, lead(id) OVER (PARTITION BY product_id, record_type_id ORDER BY record_date, id) AS next_id
      FROM records
      WHERE product_id = ANY(${intArray(ids)})
    ) n
    WHERE r.id = n.id AND r.superseded_by_id IS DISTINCT FROM n.next_id`)
}
