import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { assetManufacturers } from '../../server/db/schema/index'
import { compareLatency, latencyFigures, percentile } from '../support/measure'
import type { Benchmark } from '../types'

const SUPPLIERS = 2_000

/**
 * Everything the list answers, in raw SQL (issue #17.4): the suppliers, their attributes and their
 * products with serial ranges (the SupplierProducts attribute). Until then the reference read the
 * supplier rows alone, a third of the statements and none of the attributes the answer holds.
 */
async function rawSupplierList(db: Db): Promise<void> {
  await db.execute(sql`SELECT id, name FROM asset_manufacturers ORDER BY id`)
  await db.execute(sql`
    SELECT id, table_name, entity_id, key, name, description, value FROM entity_attributes
    WHERE table_name = 'AssetManufacturers' ORDER BY id`)
  await db.execute(sql`
    SELECT p.supplier_id, p.id AS product_row_id, m.id AS product_type_id, m.name AS product_type_name,
           r.id AS range_id, r.prefix, r.min, r.max
    FROM supplier_products p
    JOIN asset_models m ON m.id = p.asset_model_id
    LEFT JOIN supplier_serial_ranges r ON r.supplier_product_id = p.id
    ORDER BY p.supplier_id, p.position, p.id, r.id`)
}

/**
 * The whole supplier list through the API (auth, query, attributes, serialisation) beside the raw SQL
 * of the same rows and columns. Also, for information, the supplier rows' SELECT alone (the old
 * reference), timed after in rounds of its own.
 */
const benchmark: Benchmark = {
  name: 'suppliers-list',
  description: `GET {meta}/api/assetmanufacturers over ${SUPPLIERS.toLocaleString('en')} suppliers, beside the raw SQL of the same rows (suppliers, attributes, products)`,
  async measure(context, scale) {
    const db = context.database.db
    const rows = Array.from({ length: Math.max(50, Math.round(SUPPLIERS * scale)) }, (_, i) => ({
      name: `Bench supplier ${i + 1}`,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(assetManufacturers).values(rows.slice(i, i + 500))
    const token = await context.tokenFor('configurator')
    const iterations = Math.max(20, Math.round(200 * scale))
    const measured = await compareLatency({
      iterations,
      subject: () => context.call('meta', 'GET', '/api/assetmanufacturers', { token }),
      reference: () => rawSupplierList(db),
    })
    // The old reference, the supplier rows alone, for comparison with earlier runs (its own rounds).
    const alone = await compareLatency({
      iterations,
      subject: () => db.execute(sql`SELECT * FROM asset_manufacturers ORDER BY id`),
      reference: () => rawSupplierList(db),
    })
    return [
      ...latencyFigures(measured, 'raw SQL'),
      { label: 'supplier rows alone p95 (info)', value: percentile(alone.subject, 0.95), unit: 'ms' },
    ]
  },
}

export default benchmark
