import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** How much bulk data to add. */
export interface BulkSeedOptions {
  records: number
  /** Default: a tenth of the records. */
  products?: number
  /** Rows per INSERT … SELECT statement (each its own transaction). Default 100,000. */
  chunk?: number
  /** Progress lines ('products 100000/100000'). */
  log?: (line: string) => void
}

/** Where progress lines go. */
type Log = NonNullable<BulkSeedOptions['log']>

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * Adds realistic bulk products and records to a database that holds the demo data (record types,
 * suppliers and their product types). Everything is generated in SQL (INSERT … SELECT generate_series),
 * in chunks so each statement stays small:
 * - each supplier product type gets a bulk serial range BLK<type>: 1..10,000,000, so bulk serials follow
 *   the same rule as submitted ones;
 * - products are spread over the suppliers' product types, product k getting serial base + k;
 * - records are 70 % Test, 20 % Despatch, 10 % Problem Report, one every 31 seconds back from now, with
 *   mapped columns and a small data document. A record finds its product by (type, full serial) — the
 *   unique key — not by id arithmetic, so gaps in the products id sequence (rolled-back inserts, other
 *   writers, earlier deletes) cannot send a record to the wrong product or to none;
 * - products then get DateOfLastRecord and CurrentStatus from their records, and the tables are vacuumed
 *   and analysed so the planner (and index-only scans) see the new rows.
 */
export async function seedBulk(
  db: Db,
  options: BulkSeedOptions,
): Promise<{ products: number; records: number }> {
  const recordCount = options.records
  const productCount = options.products ?? Math.max(1, Math.round(recordCount / 10))
  const chunk = options.chunk ?? 100_000
  const log = options.log ?? (() => {})
  const types = await bulkRecordTypes(db)
  const plan: BulkPlan = {
    recordCount,
    productCount,
    chunk,
    types,
    ...(await prepareSerials(db, productCount)),
  }
  const rebuild = await shouldRebuildIndexes(db, recordCount)
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db
    // Building an index once over the finished table is several times faster than maintaining a dozen
    // indexes row by row (PGlite: minutes instead of tens of minutes for 1,000,000 records). Dropped and
    // rebuilt in this one transaction, so an interrupted seed leaves the table and its indexes as they were.
    const dropped = rebuild ? await dropSecondaryIndexes(tx, ['records', 'products']) : []
    await insertProducts(tx, plan, log)
    await insertRecords(tx, plan, log)
    for (const definition of dropped) await tx.execute(sql.raw(definition))
    if (dropped.length) log(`rebuilt ${dropped.length} indexes`)
    await summariseProducts(tx, plan.firstProduct)
  })
  // VACUUM sets the visibility map, so counts and deep pages can be index-only scans from the start.
  await db.execute(sql`VACUUM ANALYZE products`)
  await db.execute(sql`VACUUM ANALYZE records`)
  return { products: productCount, records: recordCount }
}

/** What one bulk run writes: counts, chunk size, the record types and where its serials and ids start. */
interface BulkPlan {
  recordCount: number
  productCount: number
  chunk: number
  types: { test: number; despatch: number; problem: number }
  /** How many supplier products the bulk products are spread over. */
  supplierProducts: number
  /** The last BLK serial already used; this run's product k gets base + k. */
  base: number
  /** The first products id this run can have; the summary updates only products from it on. */
  firstProduct: number
}

/** The demo Test, Despatch and Problem Report record types (the first of each); refuses when one is missing. */
async function bulkRecordTypes(db: Db): Promise<BulkPlan['types']> {
  const types = rowsOf<{ id: number; category: string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (units) id, units AS category FROM data_point_types
      WHERE units IN ('Test', 'Despatch', 'Problem Report') ORDER BY units, id`),
  )
  const typeId = (category: string) => types.find((t) => t.category === category)?.id
  const [test, despatch, problem] = [typeId('Test'), typeId('Despatch'), typeId('Problem Report')]
  if (!test || !despatch || !problem)
    throw new Error('The demo record types are missing; seed the demo data first.')
  return { test, despatch, problem }
}

/**
 * Gives each supplier product type its BLK serial range (once) and finds where this run's serials and
 * product ids start; refuses when no supplier offers a product type or the range would overflow.
 */
async function prepareSerials(
  db: Db,
  productCount: number,
): Promise<Pick<BulkPlan, 'supplierProducts' | 'base' | 'firstProduct'>> {
  const [{ supplierProducts }] = rowsOf<{ supplierProducts: number }>(
    await db.execute(sql`SELECT count(*)::int AS "supplierProducts" FROM supplier_products`),
  )
  if (Number(supplierProducts) === 0)
    throw new Error('No supplier offers a product type; seed the demo data first.')

  await db.execute(sql`
    INSERT INTO supplier_serial_ranges (supplier_product_id, prefix, min, max)
    SELECT sp.id, 'BLK' || sp.asset_model_id || ':', 1, 10000000 FROM supplier_products sp
    WHERE NOT EXISTS (SELECT 1 FROM supplier_serial_ranges r
                      WHERE r.supplier_product_id = sp.id AND r.prefix = 'BLK' || sp.asset_model_id || ':')`)
  const [{ serialBase }] = rowsOf<{ serialBase: number }>(
    await db.execute(sql`SELECT COALESCE(max(serial_number::bigint), 0)::bigint AS "serialBase" FROM products
                         WHERE serial_number_prefix LIKE 'BLK%'`),
  )
  const base = Number(serialBase)
  if (base + productCount > 10_000_000)
    throw new Error(`Bulk serials would pass the BLK range maximum (10,000,000): ${base} already used.`)
  const [{ firstProduct }] = rowsOf<{ firstProduct: number }>(
    await db.execute(sql`SELECT COALESCE(max(id), 0) + 1 AS "firstProduct" FROM products`),
  )
  return { supplierProducts: Number(supplierProducts), base, firstProduct: Number(firstProduct) }
}

// Product k (1-based) of this run: type sp[k % n] of the supplier products in id order, serial base + k.
const supplierProduct = sql`
  (SELECT row_number() OVER (ORDER BY id) - 1 AS i, supplier_id, asset_model_id FROM supplier_products)`

/** The bulk products, a chunk a statement. */
async function insertProducts(tx: Db, { productCount, chunk, base, supplierProducts }: BulkPlan, log: Log) {
  for (let from = 1; from <= productCount; from += chunk) {
    const to = Math.min(productCount, from + chunk - 1)
    await tx.execute(sql`
      INSERT INTO products (serial_number_prefix, serial_number, product_serial_number, asset_model_id, asset_manufacturer_id)
      SELECT 'BLK' || sp.asset_model_id || ':', (${base}::bigint + k)::text,
             'BLK' || sp.asset_model_id || ':' || (${base}::bigint + k)::text, sp.asset_model_id, sp.supplier_id
      FROM generate_series(${from}::int, ${to}::int) k
      JOIN ${supplierProduct} sp ON sp.i = k % ${supplierProducts}::int`)
    log(`products ${to}/${productCount}`)
  }
}

/** The bulk records over the bulk products, a chunk a statement. */
async function insertRecords(tx: Db, plan: BulkPlan, log: Log) {
  const { recordCount, productCount, chunk, base, supplierProducts } = plan
  const { test, despatch, problem } = plan.types
  const customers = rowsOf<{ id: number }>(await tx.execute(sql`SELECT id FROM customers ORDER BY id`))
  const customerIds = customers.map((c) => Number(c.id))
  const customerArray = customerIds.length
    ? sql.raw(`ARRAY[${customerIds.join(',')}]`)
    : sql.raw('ARRAY[NULL]::int[]')
  for (let from = 1; from <= recordCount; from += chunk) {
    const to = Math.min(recordCount, from + chunk - 1)
    // Record g belongs to product k = 1 + g % productCount, found by its unique (type, full serial).
    await tx.execute(sql`
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
                           'ratioError', jsonb_build_object('value', CASE WHEN g % 17 = 0 THEN 0.75 ELSE round(((g % 100) / 100.0 - 0.5)::numeric, 2) END,
                                                            'passOrFail', CASE WHEN g % 17 = 0 THEN 'Fail' ELSE 'Pass' END)),
        'bulk-seed.csv'
      FROM (SELECT g, 1 + g % ${productCount}::int AS k FROM generate_series(${from}::int, ${to}::int) g) n
      JOIN ${supplierProduct} sp ON sp.i = n.k % ${supplierProducts}::int
      JOIN products p ON p.asset_model_id = sp.asset_model_id
                     AND p.product_serial_number = 'BLK' || sp.asset_model_id || ':' || (${base}::bigint + n.k)::text`)
    log(`records ${to}/${recordCount}`)
  }
}

/** DateOfLastRecord and CurrentStatus of the bulk products follow their newest records (DESIGN.md §5). */
async function summariseProducts(tx: Db, firstProduct: number) {
  await tx.execute(sql`
    UPDATE products p SET date_of_last_record = x.d
    FROM (SELECT product_id, max(record_date) AS d FROM records WHERE product_id >= ${firstProduct}::int GROUP BY product_id) x
    WHERE p.id = x.product_id`)
  await tx.execute(sql`
    UPDATE products p SET current_status = CASE WHEN x.r = '-' THEN 'other' ELSE x.r END
    FROM (SELECT DISTINCT ON (product_id) product_id, test_result AS r FROM records
          WHERE category = 'test' AND product_id >= ${firstProduct}::int
          ORDER BY product_id, record_date DESC, id DESC) x
    WHERE p.id = x.product_id`)
}

/** Rebuild indexes when the load at least doubles the table (a fresh database, or a small one). */
async function shouldRebuildIndexes(db: Db, adding: number): Promise<boolean> {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM records`))
  return adding >= 10_000 && adding >= Number(n)
}

/** Drops the non-unique, non-constraint indexes of `tables`; answers their CREATE INDEX statements. */
async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      JOIN pg_namespace s ON s.nspname = i.schemaname
      JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = s.oid
      JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.schemaname = current_schema() AND i.tablename IN (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )}) AND NOT x.indisunique AND NOT x.indisprimary`),
  )
  for (const row of rows) await db.execute(sql.raw(`DROP INDEX "${row.name}"`))
  return rows.map((r) => r.definition)
}
