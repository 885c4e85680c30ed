import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { intArray } from '../db/sql-arrays'
import type { LockedProducts } from '../products/product-summaries'

/**
 * The re-test chain (issue #19.4): of a product's records of one record type, each but the newest is
 * superseded by the next newer one (record date, then id). Recomputed for the products a write touched, in
 * one set-based statement, so a back-dated record slots into its place and a CSV batch of many records
 * of one product chains them in order; only rows whose link changes are written.
 *
 * It reads the product's records in one statement, so it is right only if no other writer of the same
 * product can commit between that statement's start and our commit: the products must be `locked`
 * (lockProducts, audit s8d D1), or `created` by this transaction (no one else sees them yet).
 */
export async function refreshChains(
  db: Db,
  locked: LockedProducts,
  created: readonly number[] = [],
): Promise<void> {
  const ids = [...new Set([...locked.ids, ...created])]
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
