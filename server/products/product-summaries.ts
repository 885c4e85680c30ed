import { sql } from 'drizzle-orm'
import {
  CONCLUDING_CATEGORIES,
  COUNTING_STATES,
  initialReviewState,
  summaryOf,
  type ProductSummary,
} from '../../schemas/records/index'
import type { Db } from '../db/client'
import { intArray } from '../db/sql-arrays'
import type { ProductRef } from '../submissions/write/product-plan'
import type { PreparedRecord } from '../submissions/types'

/**
 * The product summary rule (schemas/records/product.ts) applied by the server: one set-based statement for
 * any number of products, used by the one-record writer, the CSV writer and rejudge alike.
 */

/**
 * The summaries of the products a CSV batch creates, from the batch's own records: a product created
 * there has no other records, so this is what `refreshSummaries` would compute after the inserts — and
 * the product row is written once, with them, instead of inserted and then updated (an update rewrites
 * the row and its seven index entries).
 */
export function createdSummaries(
  prepared: readonly PreparedRecord[],
  recordProducts: readonly (ProductRef | null)[],
): Map<string, ProductSummary> {
  const summaries = new Map<string, ProductSummary>()
  prepared.forEach((p, i) => {
    const ref = recordProducts[i]
    if (!ref || 'id' in ref) return
    // Issue #19: a record waiting for review does not count for its product yet.
    if (initialReviewState(p.definition.reviewPolicy) !== 'none') return
    const record = { recordDate: p.recordDate, category: p.definition.category, testResult: p.testResult }
    summaries.set(ref.key, summaryOf(summaries.get(ref.key), record))
  })
  return summaries
}

/**
 * DateOfLastRecord and CurrentStatus of the products `ids` from their records, in one statement.
 * Set-based on purpose: per-product subqueries were planned as a scan of `records` per product while
 * the table's statistics still described it before a CSV upload.
 */
export async function refreshSummaries(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  const concluding = sql.join(
    CONCLUDING_CATEGORIES.map((c) => sql`${c}`),
    sql`, `,
  )
  // Issue #19: only records that count (approved, or needing no review) make the summary.
  const counting = sql.join(
    COUNTING_STATES.map((s) => sql`${s}`),
    sql`, `,
  )
  await db.execute(sql`
      WITH ids AS (SELECT DISTINCT unnest(${intArray(ids)}) AS id),
      newest AS (
        SELECT DISTINCT ON (r.product_id) r.product_id, r.record_date FROM records r
        WHERE r.product_id IN (SELECT id FROM ids) AND r.review_state IN (${counting})
        ORDER BY r.product_id, r.record_date DESC, r.id DESC),
      concluding AS (
        SELECT DISTINCT ON (r.product_id) r.product_id, r.test_result FROM records r
        WHERE r.product_id IN (SELECT id FROM ids) AND r.category IN (${concluding})
          AND r.review_state IN (${counting})
        ORDER BY r.product_id, r.record_date DESC, r.id DESC)
      UPDATE products p SET
        date_of_last_record = n.record_date,
        current_status = CASE WHEN c.product_id IS NULL THEN NULL
                              WHEN c.test_result IN ('pass', 'fail') THEN c.test_result ELSE 'other' END
      FROM ids LEFT JOIN newest n ON n.product_id = ids.id LEFT JOIN concluding c ON c.product_id = ids.id
      WHERE p.id = ids.id`)
}
