import { sql, type SQL } from 'drizzle-orm'
import { countHorizon, shortPageTotal } from '../../../schemas/paging'
import { compareLatency, latencyFigures } from '../../support/measure'
import type { BenchContext, Figure } from '../../types'
import { PAGE_BUDGET, rowsOf } from './bulk-data'

const SIZE = 10

/**
 * The raw SQL of a products page: the page's ids from `products` alone, joined with names, and the count.
 * Every field the API answers is read, 'Retest required' and 'Recalled' (#15.3, one probe for both, as
 * the API's) and 'pending review' (#19) included (issue #17.4: the reference had left those out).
 */
async function rawProductsPage(context: BenchContext, where: SQL, order: SQL): Promise<void> {
  const db = context.database.db
  const rows = await db.execute(sql`
    SELECT p.*, m.name AS asset_model, s.name AS asset_manufacturer_name,
           (SELECT bit_or(CASE i.disposition WHEN 'recall' THEN 2 ELSE 1 END) FROM impact_case_records i
             WHERE i.product_id = p.id AND i.disposition IN ('retest','recall')
               AND i.retest_cleared_at IS NULL) AS pending,
           EXISTS (SELECT 1 FROM records r WHERE r.product_id = p.id AND r.review_state IN ('submitted', 'reviewed')
                   AND (p.date_of_last_record IS NULL OR r.record_date >= p.date_of_last_record)) AS pending_review
    FROM products p
    JOIN (SELECT id FROM products WHERE ${where} ORDER BY ${order} LIMIT ${SIZE}) k ON k.id = p.id
    JOIN asset_models m ON m.id = p.asset_model_id
    LEFT JOIN asset_manufacturers s ON s.id = p.asset_manufacturer_id
    ORDER BY ${order}`)
  // As the API: a short page's total is known.
  if (shortPageTotal(1, SIZE, rowsOf<unknown>(rows).length) !== undefined) return
  await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products WHERE ${where} LIMIT ${countHorizon(0, SIZE)}) t`,
  )
}

/**
 * GET {meta}/api/assets/page/1/size/10/filter/{…} on the bulk-seeded products: default order (id), newest
 * DateOfLastRecord first, and a supplier-view user; each beside the same SQL run directly.
 */
export async function productsPageFigures(context: BenchContext, iterations: number): Promise<Figure[]> {
  const db = context.database.db
  const [{ supplierId }] = rowsOf<{ supplierId: number }>(
    await db.execute(
      sql`SELECT (claims->>'AssetManufacturerView')::int AS "supplierId" FROM users WHERE username = 'supplier'`,
    ),
  )
  const cases: { name: string; as: 'configurator' | 'supplier'; filter: object; where: SQL; order: SQL }[] = [
    { name: 'products', as: 'configurator', filter: {}, where: sql`true`, order: sql`id ASC` },
    {
      name: 'products by last record',
      as: 'configurator',
      filter: { sortField: 'dateOfLastRecord', sortDirection: 'desc' },
      where: sql`true`,
      order: sql`date_of_last_record DESC NULLS LAST, id DESC`,
    },
    {
      name: 'products supplier user',
      as: 'supplier',
      filter: {},
      where: sql`asset_manufacturer_id = ${supplierId}`,
      order: sql`id ASC`,
    },
  ]
  const figures: Figure[] = []
  for (const c of cases) {
    const token = await context.tokenFor(c.as)
    const url = `/api/assets/page/1/size/${SIZE}/filter/${encodeURIComponent(JSON.stringify(c.filter))}`
    const first = (await context.call('meta', 'GET', url, { token })).json() as { result: unknown[] }
    if (first.result.length === 0) throw new Error(`products page: "${c.name}" answered no rows`)
    const measured = await compareLatency({
      iterations,
      subject: () => context.call('meta', 'GET', url, { token }),
      reference: () => rawProductsPage(context, c.where, c.order),
    })
    for (const figure of latencyFigures(measured, 'raw SQL', PAGE_BUDGET))
      figures.push({ ...figure, label: `${c.name} ${figure.label}` })
  }
  return figures
}
