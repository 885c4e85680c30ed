import { sql, type SQL } from 'drizzle-orm'
import { impactCaseRecords, products } from '../db/schema/index'

/** Bits of `pendingDispositions`: a pending retest, a pending recall. */
export const PENDING_RETEST = 1
export const PENDING_RECALL = 2

/**
 * What a listed product waits for (issue #15.3): a suspect record of its was given 'retest' or 'recall'
 * and no new record of its record type has cleared it yet (server/impact-cases/retest-clearing.ts), as
 * the bits above (null: neither). A column of the products page's own statement, not a statement of its
 * own: one lookup in the partial retest index per listed product answers both flags, so 'Recalled' costs
 * the page nothing beside 'Retest required'.
 */
export const pendingDispositions = (): SQL<number | null> =>
  sql<number | null>`(SELECT bit_or(CASE icr.disposition WHEN 'recall' THEN ${sql.raw(String(PENDING_RECALL))}
      ELSE ${sql.raw(String(PENDING_RETEST))} END)
    FROM ${impactCaseRecords} icr WHERE icr.product_id = ${products.id}
    AND icr.disposition IN ('retest','recall') AND icr.retest_cleared_at IS NULL)`

/** The two product flags of a `pendingDispositions` value. */
export const pendingFlags = (bits: number | null): { retestRequired: boolean; recalled: boolean } => ({
  retestRequired: ((bits ?? 0) & PENDING_RETEST) !== 0,
  recalled: ((bits ?? 0) & PENDING_RECALL) !== 0,
})
