import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { assetModelParents, supplierProducts } from '../db/schema/index'

/**
 * Product types a supplier-view user may see (DESIGN.md §6 "sees only its supplier's data"): the
 * supplier's own product types and, recursively, their sub components (record components need them).
 */
export async function visibleProductTypeIds(db: Db, supplierId: number): Promise<Set<number>> {
  const own = await db
    .select({ id: supplierProducts.assetModelId })
    .from(supplierProducts)
    .where(eq(supplierProducts.supplierId, supplierId))
  const mappings = await db.select().from(assetModelParents)
  const children = new Map<number, number[]>()
  for (const m of mappings) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m.subjectId])
  const visible = new Set<number>()
  const queue = own.map((r) => r.id)
  while (queue.length) {
    const id = queue.pop()!
    if (visible.has(id)) continue
    visible.add(id)
    queue.push(...(children.get(id) ?? []))
  }
  return visible
}

/**
 * The same rule as one SQL condition: whether `productTypeId` is one of the supplier's product types or,
 * recursively, their sub components. A submission asks it in its first statement (issue #17.1).
 */
export const productTypeVisibleSql = (supplierId: number, productTypeId: number): SQL =>
  sql`EXISTS (WITH RECURSIVE v(id) AS (
      SELECT sp.asset_model_id FROM supplier_products sp WHERE sp.supplier_id = ${supplierId}
      UNION SELECT p.subject_id FROM asset_model_parents p JOIN v ON p.parent_id = v.id)
    SELECT 1 FROM v WHERE v.id = ${productTypeId})`
