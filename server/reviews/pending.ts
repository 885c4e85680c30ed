import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rowsOf } from '../submissions/write/sql-batch'

/**
 * Of the products `productIds` (a page), those with a record waiting for review or approval that is at
 * least as new as the product's DateOfLastRecord (or the product has none that counts yet): the
 * products page shows 'pending review' for them (issue #19). One indexed lookup per listed product.
 */
export async function productsPendingReview(db: Db, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set()
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT p.id FROM products p
      WHERE p.id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))
        AND EXISTS (SELECT 1 FROM records r WHERE r.product_id = p.id
          AND r.review_state IN ('submitted', 'reviewed')
          AND (p.date_of_last_record IS NULL OR r.record_date >= p.date_of_last_record))`),
  )
  return new Set(rows.map((r) => Number(r.id)))
}
