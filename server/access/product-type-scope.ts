import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rowsOf } from '../submissions/write/sql-batch'

/**
 * The product types a supplier-view user may see (DESIGN.md §6 "sees only its supplier's data"), as the
 * recursive CTE `v(id)`: the supplier's own product types and, recursively, their sub components (record
 * components need them). The one statement of the rule, for the viewer's set and a submission's check.
 */
const visibleTypes = (supplierId: number): SQL => sql`WITH RECURSIVE v(id) AS (
    SELECT sp.asset_model_id FROM supplier_products sp WHERE sp.supplier_id = ${supplierId}
    UNION SELECT p.subject_id FROM asset_model_parents p JOIN v ON p.parent_id = v.id)`

/** The product types a supplier-view user may see, by id. */
export async function visibleProductTypeIds(db: Db, supplierId: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`${visibleTypes(supplierId)} SELECT id FROM v`))
  return new Set(rows.map((r) => Number(r.id)))
}

/**
 * The same rule as one SQL condition: whether `productTypeId` is one of them. A submission asks it in
 * its first statement (issue #17.1).
 */
export const productTypeVisibleSql = (supplierId: number, productTypeId: number): SQL =>
  sql`EXISTS (${visibleTypes(supplierId)} SELECT 1 FROM v WHERE v.id = ${productTypeId})`
