import { sql, type SQL } from 'drizzle-orm'
import { impactCaseRecords, products } from '../db/schema/index'

/**
 * Whether the product of the row being selected waits for a retest (issue #15.3): a suspect record of
 * theirs was given 'retest' and no new record of its record type has cleared it yet. A column of the
 * products page's own statement (one index lookup per listed product), not a statement of its own.
 */
export function retestRequiredColumn(): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${impactCaseRecords}
    WHERE ${impactCaseRecords.productId} = ${products.id}
      AND ${impactCaseRecords.disposition} = 'retest'
      AND ${impactCaseRecords.retestClearedAt} IS NULL)`
}
