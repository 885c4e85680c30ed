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
 * The product summary rule (schemas/records/product.ts) applied by the server: the products locked, then one
 * set-based statement for any number of them, used by the one-record writer, the CSV writer, approvals and
 * rejudge alike.
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

declare const held: unique symbol

/**
 * Products whose rows the caller's transaction holds locked (`lockProducts`): what every statement that
 * computes something of a product from its records needs first (audit s8d D1). A value of this type is
 * made only by `lockProducts`, so a function that takes one cannot be called before the lock.
 */
export interface LockedProducts {
  readonly ids: readonly number[]
  readonly [held]: true
}

/**
 * Locks the products `ids` for the rest of the caller's transaction, in one statement, in id order, so two
 * writers of overlapping products (a CSV chunk locks hundreds) wait for each other instead of deadlocking.
 * Lock order of all writers: products first, then their records (a new record relinks the re-test chain
 * of the product's older records).
 *
 * Why: under READ COMMITTED a statement reads what committed before it started. One statement that both
 * computes a summary and updates the product row waits for a concurrent writer's row lock and then writes
 * what it computed before that writer committed (a lost update). Taking the lock in a statement of its own
 * makes every later statement of this transaction start after the other writer committed, and see its
 * records. FOR NO KEY UPDATE, not FOR UPDATE: it must not wait for the key-share locks that inserting a
 * record referencing the product takes, or two writers that each inserted a record would deadlock.
 */
export async function lockProducts(db: Db, ids: readonly (number | null)[]): Promise<LockedProducts> {
  const distinct = [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b)
  if (distinct.length > 0)
    await db.execute(sql`SELECT id FROM products WHERE id = ANY(${intArray(distinct)})
      ORDER BY id FOR NO KEY UPDATE`)
  return { ids: distinct } as unknown as LockedProducts
}

/**
 * Locks the product a stored record points at now (if any), like `lockProducts`: what a writer that goes
 * on to lock the record itself takes first, to keep the lock order (products, then records).
 */
export async function lockProductOfRecord(db: Db, recordId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM products
    WHERE id = (SELECT product_id FROM records WHERE id = ${recordId}) FOR NO KEY UPDATE`)
}

/** DateOfLastRecord and CurrentStatus of the products `ids` from their records: locks them, then computes. */
export async function refreshSummaries(db: Db, ids: readonly number[]): Promise<void> {
  await refreshLockedSummaries(db, await lockProducts(db, ids))
}

/**
 * DateOfLastRecord and CurrentStatus of products already locked, in one statement. Set-based on
 * purpose: per-product subqueries were planned as a scan of `records` per product while the table's
 * statistics still described it before a CSV upload.
 */
export async function refreshLockedSummaries(db: Db, locked: LockedProducts): Promise<void> {
  const ids = locked.ids
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
