import { sql, type SQL } from 'drizzle-orm'

/**
 * Whether the product of the row being selected waits for a retest (issue #15.3): a suspect record of
 * theirs was given 'retest' and no new record of its record type has cleared it yet. A column of the
 * products page's own statement (one index lookup per listed product), not a statement of its own.
 */
export function retestRequiredColumn(): SQL<boolean> {
  // Plain names: drizzle may write a column without its table, which here would bind to the subquery's own.
  return sql<boolean>`EXISTS (SELECT 1 FROM impact_case_records i
    WHERE i.product_id = products.id AND i.disposition = 'retest' AND i.retest_cleared_at IS NULL)`
}
