import { eq } from 'drizzle-orm'
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
