import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { ProductRef } from './csv-products'
import type { PreparedRecord } from './submission-prepare'

/** The categories whose newest record sets a product's CurrentStatus (ProductsRepository.refreshSummary). */
const CONCLUDING = new Set(['test'])

/** A product's summary columns (SPEC §4 "Product status"). */
export interface Summary {
  date: Date
  concludedAt?: Date
  status: string | null
}

/**
 * The summaries of the products the batch creates, from the batch's own records: a product created here
 * has no other records, so this is what refreshSummary would compute after the inserts (newest record by
 * date, later rows winning ties as their higher ids do) — and the product row is written once, with them,
 * instead of inserted and then updated (an update rewrites the row and its seven index entries).
 */
export function createdSummaries(
  prepared: readonly PreparedRecord[],
  recordProducts: readonly (ProductRef | null)[],
): Map<string, Summary> {
  const summaries = new Map<string, Summary>()
  prepared.forEach((p, i) => {
    const ref = recordProducts[i]
    if (!ref || 'id' in ref) return
    const date = p.recordDate
    let summary = summaries.get(ref.key)
    if (!summary) summaries.set(ref.key, (summary = { date, status: null }))
    else if (date >= summary.date) summary.date = date
    if (CONCLUDING.has(p.definition.category) && (!summary.concludedAt || date >= summary.concludedAt)) {
      summary.concludedAt = date
      summary.status = p.testResult === 'pass' || p.testResult === 'fail' ? p.testResult : 'other'
    }
  })
  return summaries
}

/**
 * ProductsRepository.refreshSummary for many products in one set-based statement: DateOfLastRecord from
 * the newest record, CurrentStatus from the newest Test record (pass, fail, otherwise other; none: null).
 * Set-based on purpose: per-product subqueries were planned as a scan of `records` per product while
 * the table's statistics still described it before this upload.
 */
export async function refreshSummaries(db: Db, ids: number[]): Promise<void> {
  await db.execute(sql`
      WITH ids AS (SELECT DISTINCT value::int AS id FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)),
      newest AS (
        SELECT DISTINCT ON (r.product_id) r.product_id, r.record_date FROM records r
        WHERE r.product_id IN (SELECT id FROM ids) ORDER BY r.product_id, r.record_date DESC, r.id DESC),
      concluding AS (
        SELECT DISTINCT ON (r.product_id) r.product_id, r.test_result FROM records r
        WHERE r.product_id IN (SELECT id FROM ids) AND r.category IN ('test')
        ORDER BY r.product_id, r.record_date DESC, r.id DESC)
      UPDATE products p SET
        date_of_last_record = n.record_date,
        current_status = CASE WHEN c.product_id IS NULL THEN NULL
                              WHEN c.test_result IN ('pass', 'fail') THEN c.test_result ELSE 'other' END
      FROM ids LEFT JOIN newest n ON n.product_id = ids.id LEFT JOIN concluding c ON c.product_id = ids.id
      WHERE p.id = ids.id`)
}
