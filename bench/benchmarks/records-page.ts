import { sql, type SQL } from 'drizzle-orm'
import { seedBulk } from '../../server/seed/bulk'
import { compareLatency, latencyFigures } from '../support/measure'
import type { BenchContext, Benchmark, Figure } from '../types'
import { productsPageFigures } from './support/products-page'
import { PAGE_BUDGET, rowsOf, timeMs } from './support/bulk-data'
import { rawRecordsPage } from './support/records-raw'

const RECORDS = 1_000_000
const SIZE = 10

/** One realistic records-page call: who asks, which page, which filter, and the same in raw SQL. */
interface Scenario {
  name: string
  as: 'configurator' | 'supplier'
  page: number
  filter: Record<string, unknown>
  /** The conditions the API applies for this caller and filter, written by hand. */
  where: SQL
}

/** The scenarios over the seeded data: every one must answer rows, or its timing would mean nothing. */
async function scenarios(context: BenchContext, records: number): Promise<Scenario[]> {
  const db = context.database.db
  const [{ serial }] = rowsOf<{ serial: string }>(
    await db.execute(
      sql`SELECT product_serial_number AS serial FROM records ORDER BY id DESC LIMIT 1 OFFSET 500`,
    ),
  )
  const [{ supplierId }] = rowsOf<{ supplierId: number }>(
    await db.execute(
      sql`SELECT (claims->>'AssetManufacturerView')::int AS "supplierId" FROM users WHERE username = 'supplier'`,
    ),
  )
  // A window a tenth of the seeded span wide, in its middle (one record every 31 s back from now).
  const span = records * 31_000
  const now = Date.now()
  const startDate = new Date(now - span * 0.6).toISOString()
  const endDate = new Date(now - span * 0.5).toISOString()
  const deepPage = Math.min(2_000, Math.floor(records / SIZE / 2))
  return [
    { name: 'first page', as: 'configurator', page: 1, filter: {}, where: sql`true` },
    {
      name: `page ${deepPage.toLocaleString('en')}`,
      as: 'configurator',
      page: deepPage,
      filter: {},
      where: sql`true`,
    },
    {
      name: 'serial',
      as: 'configurator',
      page: 1,
      filter: { filters: [{ field: 'productSerialNumber', value: serial }] },
      where: sql`product_serial_number IN (${serial})`,
    },
    {
      name: 'category',
      as: 'configurator',
      page: 1,
      filter: { filters: [{ field: 'category', value: 'despatch' }] },
      where: sql`category IN ('despatch')`,
    },
    {
      name: 'supplier user',
      as: 'supplier',
      page: 1,
      filter: {},
      where: sql`supplier_id = ${supplierId} AND category IN ('test')`,
    },
    {
      name: 'date range',
      as: 'configurator',
      page: 1,
      filter: { startDate, endDate },
      where: sql`record_date >= ${startDate}::timestamptz AND record_date <= ${endDate}::timestamptz`,
    },
  ]
}

/**
 * GET {data}/api/InstrumentTestRecord/Records/page/{p}/size/10/filter/{…} over 1,000,000 bulk records
 * (server/seed/bulk.ts) for a mix of realistic queries, each beside the same SQL run directly; then the
 * products page (GET {meta}/api/assets/page/…) over the 100,000 products of that seed. Plus one
 * informational figure: an exact count(*) of all records, the reason the page counts are capped.
 */
const benchmark: Benchmark = {
  name: 'records-page',
  description: `records page (size ${SIZE}) over ${RECORDS.toLocaleString('en')} records for six queries and the products page over their ${(RECORDS / 10).toLocaleString('en')} products, each beside the same SQL run directly`,
  async measure(context, scale) {
    const records = Math.round(RECORDS * scale)
    await seedBulk(context.database.db, { records })
    const figures: Figure[] = []
    const iterations = Math.max(20, Math.round(150 * scale))
    for (const scenario of await scenarios(context, records)) {
      const token = await context.tokenFor(scenario.as)
      const url = `/api/InstrumentTestRecord/Records/page/${scenario.page}/size/${SIZE}/filter/${encodeURIComponent(JSON.stringify(scenario.filter))}`
      const first = (await context.call('data', 'GET', url, { token })).json() as { result: unknown[] }
      if (first.result.length === 0) throw new Error(`records-page: "${scenario.name}" answered no rows`)
      const measured = await compareLatency({
        iterations,
        subject: () => context.call('data', 'GET', url, { token }),
        reference: () => rawRecordsPage(context.database.db, scenario.where, scenario.page, SIZE),
      })
      for (const figure of latencyFigures(measured, 'raw SQL', PAGE_BUDGET))
        figures.push({ ...figure, label: `${scenario.name} ${figure.label}` })
    }
    // The products page over the products of the same seed (a tenth of the records).
    figures.push(...(await productsPageFigures(context, iterations)))
    const exact = await timeMs(() => context.database.db.execute(sql`SELECT count(*) FROM records`), 5)
    figures.push({ label: 'exact count(*) p50 (info)', value: exact, unit: 'ms' })
    return figures
  },
}

export default benchmark
