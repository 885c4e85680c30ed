import { sql, type SQL } from 'drizzle-orm'
import { products, records } from '../db/schema/index'

/**
 * Whether the product of the row being selected has a record waiting for review or approval that is at
 * least as new as its DateOfLastRecord (or it has none that counts yet): the products page shows 'pending
 * review' for it (issue #19). A column of the products page's own statement (one indexed lookup per
 * listed product), not a statement of its own.
 */
export function pendingReviewColumn(): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${records}
    WHERE ${records.productId} = ${products.id}
      AND ${records.reviewState} IN ('submitted', 'reviewed')
      AND (${products.dateOfLastRecord} IS NULL OR ${records.recordDate} >= ${products.dateOfLastRecord}))`
}
