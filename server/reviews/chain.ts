import { sql, type SQL } from 'drizzle-orm'
import { COUNTING_STATES } from '../../schemas/records/index'
import type { Db } from '../db/client'
import { intArray } from '../db/sql-arrays'
import type { LockedProducts } from '../products/product-summaries'

/** The review states in which a record counts for its product, as an SQL list of literals (fixed words). */
const COUNTING = sql.raw(`(${COUNTING_STATES.map((s) => `'${s}'`).join(', ')})`)

/**
 * How firmly a record of review state `state` stands in its chain: 2 it counts (no review, or approved),
 * 1 it waits (submitted, reviewed), 0 it was rejected.
 */
const standing = (state: SQL) =>
  sql`(CASE WHEN ${state} IN ${COUNTING} THEN 2 WHEN ${state} = 'rejected' THEN 0 ELSE 1 END)`

/**
 * The re-test chain (issue #19.4): of a product's records of one record type, each is superseded by the
 * next newer one (record date, then id) that stands at least as firmly as it does (audit walk F4):
 *  - a record that counts (no review, or approved) only by a newer one that counts: a re-test still
 *    waiting for its review, or rejected, does not hide the record that makes the product's summary;
 *  - a waiting one (submitted, reviewed) by a newer one that waits or counts;
 *  - a rejected one by any newer one (its amendment is stored as a new record and replaces it).
 * Without review policies every record counts and this is the plain chain (each but the newest links to
 * the next newer one). Recomputed for the products a write touched, and on every change of a record's
 * standing (an approval, a rejection, an edit or rejudge that sends an approved record back to review),
 * in one set-based statement, so a back-dated record slots into its place and a CSV batch of many records
 * of one product chains them in order; only rows whose link changes are written.
 *
 * One sort of the products' records (`lead` over product and record type): when the next newer record
 * stands at least as firmly, it is the link; only a record followed by a less firm one (a waiting
 * re-test after a counting record, a rejected one after a waiting one) looks further, in the records index.
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
  const own = standing(sql`o.review_state`)
  await db.execute(sql`
    UPDATE records r SET superseded_by_id = n.next_id
    FROM (
      SELECT o.id, CASE
        WHEN o.next_id IS NULL OR ${standing(sql`o.next_state`)} >= ${own} THEN o.next_id
        ELSE (SELECT c.id FROM records c
              WHERE c.product_id = o.product_id AND c.record_type_id = o.record_type_id
                AND (c.record_date, c.id) > (o.record_date, o.id) AND ${standing(sql`c.review_state`)} >= ${own}
              ORDER BY c.record_date, c.id LIMIT 1)
      END AS next_id
      FROM (
        SELECT id, product_id, record_type_id, record_date, review_state,
               lead(id) OVER w AS next_id, lead(review_state) OVER w AS next_state
        FROM records
        WHERE product_id = ANY(${intArray(ids)})
        WINDOW w AS (PARTITION BY product_id, record_type_id ORDER BY record_date, id)
      ) o
    ) n
    WHERE r.id = n.id AND r.superseded_by_id IS DISTINCT FROM n.next_id`)
}
