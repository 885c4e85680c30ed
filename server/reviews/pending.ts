import { sql, type SQL } from 'drizzle-orm'
import { products, records } from '../db/schema/index'

/**
 * Whether a listed product shows 'pending review' on the products page (issue #19): a record of its waits
 * for review or approval and is at least as new as the product's DateOfLastRecord (or the product has none
 * that counts yet). A column of the products page's own statement (one indexed lookup per listed
 * product), not a statement of its own.
 */
export const pendingReview = (): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${records} r WHERE r.product_id = ${products.id}
    AND r.review_state IN ('submitted', 'reviewed')
    AND (${products.dateOfLastRecord} IS NULL OR r.record_date >= ${products.dateOfLastRecord}))`
