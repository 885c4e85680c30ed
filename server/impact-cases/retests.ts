import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { impactCaseRecords } from '../db/schema/index'

/**
 * The products of `productIds` that wait for a retest (issue #15.3): a suspect record of theirs was given
 * 'retest' and no new record of its record type has cleared it yet. One index lookup for a page.
 */
export async function productsAwaitingRetest(db: Db, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ id: impactCaseRecords.productId })
    .from(impactCaseRecords)
    .where(
      and(
        inArray(impactCaseRecords.productId, [...productIds]),
        eq(impactCaseRecords.disposition, 'retest'),
        isNull(impactCaseRecords.retestClearedAt),
      ),
    )
  return new Set(rows.map((r) => r.id!))
}
