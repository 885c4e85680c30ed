import { sql, type SQL } from 'drizzle-orm'
import { impactCaseRecords, products } from '../db/schema/index'

/**
 * Whether a listed product waits for a retest (issue #15.3): a suspect record of its was given 'retest'
 * and no new record of its record type has cleared it yet. A column of the products page's own statement
 * (one lookup in the partial retest index per listed product), not a statement of its own.
 */
export const awaitingRetest = (): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${impactCaseRecords} icr WHERE icr.product_id = ${products.id}
    AND icr.disposition = 'retest' AND icr.retest_cleared_at IS NULL)`
