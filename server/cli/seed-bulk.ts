import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { seedDemoData } from '../seed/demo'
import { openConfiguredDatabase } from './open'

/**
 * `npm run seed:bulk -- --records 1000000 [--products 100000]`: fills the configured database with
 * realistic bulk data for the records and products pages and the benchmarks. Everything is generated in
 * SQL (INSERT … SELECT generate_series), in chunks so each transaction stays small:
 * - each supplier product type gets a bulk serial range BLK<type>: 1..10,000,000, so bulk serials follow
 *   the same rule as submitted ones;
 * - products are spread over the suppliers' product types;
 * - records are 70 % Test, 20 % Despatch, 10 % Problem Report, dated back from now, with mapped columns
 *   and a small data document; products then get DateOfLastRecord and CurrentStatus from their records.
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '1000000' },
    products: { type: 'string' },
    chunk: { type: 'string', default: '100000' },
  },
})
const recordCount = Number(values.records)
const productCount = Number(values.products ?? Math.max(1, Math.round(recordCount / 10)))
const chunk = Number(values.chunk)
if (![recordCount, productCount, chunk].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('Usage: npm run seed:bulk -- --records <n> [--products <n>] [--chunk <n>]')
  process.exit(2)
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

async function seedBulk(db: Db): Promise<void> {
  await seedDemoData(db)
  const types = rowsOf<{ id: number; category: string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (units) id, units AS category FROM data_point_types
      WHERE units IN ('Test', 'Despatch', 'Problem Report') ORDER BY units, id`),
  )
  const typeId = (category: string) => types.find((t) => t.category === category)?.id
  const [test, despatch, problem] = [typeId('Test'), typeId('Despatch'), typeId('Problem Report')]
  if (!test || !despatch || !problem)
    throw new Error('The demo record types are missing; seed the demo data first.')

  await db.execute(sql`
    INSERT INTO supplier_serial_ranges (supplier_product_id, prefix, min, max)
    SELECT sp.id, 'BLK' || sp.asset_model_id || ':', 1, 10000000 FROM supplier_products sp
    WHERE NOT EXISTS (SELECT 1 FROM supplier_serial_ranges r
                      WHERE r.supplier_product_id = sp.id AND r.prefix = 'BLK' || sp.asset_model_id || ':')`)
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(sql`SELECT COALESCE(max(id), 0) + 1 AS first FROM products`),
  )
  const firstProduct = Number(first)
  const [{ serialBase }] = rowsOf<{ serialBase: number }>(
    await db.execute(sql`SELECT COALESCE(max(serial_number::bigint), 0) AS "serialBase" FROM products
                         WHERE serial_number_prefix LIKE 'BLK%'`),
  )

  const started = Date.now()
  for (let from = 1; from <= productCount; from += chunk) {
    const to = Math.min(productCount, from + chunk - 1)
    await db.execute(sql`
      WITH sp AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, supplier_id, asset_model_id FROM supplier_products),
           n AS (SELECT count(*) AS c FROM sp)
      INSERT INTO products (serial_number_prefix, serial_number, product_serial_number, asset_model_id, asset_manufacturer_id)
      SELECT 'BLK' || sp.asset_model_id || ':', (${Number(serialBase)}::bigint + g)::text,
             'BLK' || sp.asset_model_id || ':' || (${Number(serialBase)}::bigint + g)::text, sp.asset_model_id, sp.supplier_id
      FROM generate_series(${from}::int, ${to}::int) g
      JOIN sp ON sp.i = g % (SELECT c FROM n)`)
    console.log(`products ${to}/${productCount}`)
  }

  const customers = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM customers ORDER BY id`))
  const customerIds = customers.map((c) => Number(c.id))
  const customerArray = customerIds.length
    ? sql.raw(`ARRAY[${customerIds.join(',')}]`)
    : sql.raw('ARRAY[NULL]::int[]')
  for (let from = 1; from <= recordCount; from += chunk) {
    const to = Math.min(recordCount, from + chunk - 1)
    await db.execute(sql`
      INSERT INTO records (record_type_id, category, product_type_id, supplier_id, customer_id, product_id,
        serial_number_prefix, product_serial_number, record_date, test_result, job_number, batch_number,
        fault_items, repair_items, data, file_name)
      SELECT
        CASE WHEN g % 10 < 7 THEN ${test}::int WHEN g % 10 < 9 THEN ${despatch}::int ELSE ${problem}::int END,
        CASE WHEN g % 10 < 7 THEN 'test' WHEN g % 10 < 9 THEN 'despatch' ELSE 'problemReport' END,
        p.asset_model_id, p.asset_manufacturer_id,
        CASE WHEN g % 10 IN (7, 8) THEN (${customerArray})[1 + g % ${Math.max(1, customerIds.length)}::int] END,
        p.id, p.serial_number_prefix, p.product_serial_number,
        now() - (g * interval '31 seconds'),
        CASE WHEN g % 10 >= 7 THEN '-' WHEN g % 17 = 0 THEN 'fail' WHEN g % 53 = 0 THEN '-' ELSE 'pass' END,
        CASE WHEN g % 10 IN (7, 8) THEN 'JOB-' || (g / 50) END,
        CASE WHEN g % 10 IN (7, 8) THEN 'B-' || (g / 500) END,
        CASE WHEN g % 10 = 9 THEN (ARRAY['Oil leak','Damaged bushing','Display fault','Seal broken'])[1 + g % 4] END,
        CASE WHEN g % 10 = 9 THEN (ARRAY['Replaced gasket','Cleaned contacts'])[1 + g % 2] END,
        jsonb_build_object('serialNumber', p.product_serial_number, 'testedBy', 'Bulk seed',
                           'ratioError', jsonb_build_object('value', round(((g % 100) / 100.0 - 0.5)::numeric, 2),
                                                            'passOrFail', CASE WHEN g % 17 = 0 THEN 'Fail' ELSE 'Pass' END)),
        'bulk-seed.csv'
      FROM generate_series(${from}::int, ${to}::int) g
      JOIN products p ON p.id = ${firstProduct}::int + (g % ${productCount}::int)`)
    console.log(`records ${to}/${recordCount}`)
  }

  // DateOfLastRecord and CurrentStatus of the bulk products follow their newest records (DESIGN.md §5).
  await db.execute(sql`
    UPDATE products p SET date_of_last_record = x.d
    FROM (SELECT product_id, max(record_date) AS d FROM records WHERE product_id >= ${firstProduct}::int GROUP BY product_id) x
    WHERE p.id = x.product_id`)
  await db.execute(sql`
    UPDATE products p SET current_status = CASE WHEN x.r = '-' THEN 'other' ELSE x.r END
    FROM (SELECT DISTINCT ON (product_id) product_id, test_result AS r FROM records
          WHERE category = 'test' AND product_id >= ${firstProduct}::int
          ORDER BY product_id, record_date DESC, id DESC) x
    WHERE p.id = x.product_id`)
  await db.execute(sql`ANALYZE`)
  console.log(
    `Seeded ${productCount} products and ${recordCount} records in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
}

const database = await openConfiguredDatabase()
try {
  await seedBulk(database.db)
} finally {
  await database.close()
}
