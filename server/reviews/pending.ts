import { sql, type SQL } from 'drizzle-orm'

/**
 * Whether the product of the row being selected has a record waiting for review or approval that is at
 * least as new as its DateOfLastRecord (or it has none that counts yet): the products page shows 'pending
 * review' for it (issue #19). A column of the products page's own statement (one indexed lookup per
 * listed product), not a statement of its own.
 */
export function pendingReviewColumn(): SQL<boolean> {
  // Plain names: drizzle may write a column without its table, which here would bind to the subquery's own.
  return sql<boolean>`EXISTS (SELECT 1 FROM records r
    WHERE r.product_id = products.id AND r.review_state IN ('submitted', 'reviewed')
      AND (products.date_of_last_record IS NULL OR r.record_date >= products.date_of_last_record))`
}
