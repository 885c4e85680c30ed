import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers, productTestEquipment, products } from '../../db/schema/index'
import type { ProductSummary } from '../../../schemas/records/index'
import { createdSummaries } from '../../products/product-summaries'
import { planProducts, type ProductPlan, type ProductRef } from './product-plan'
import { chunks, rowsOf } from './sql-batch'
import { insertRows, type StagingOptions } from './staged-insert'
import { copyUnlessTaken } from './direct-copy'
import type { PreparedRecord } from '../types'

/** The products a set of records points at, once written. */
export interface ProductsWritten {
  /** Each record's main product id (null for records without one), by index. */
  productIds: (number | null)[]
  /** The products this write inserted; they already carry their summaries. */
  inserted: Set<number>
}

/**
 * Writes the product side of `prepared` as writing the records one by one would: products and components
 * created on first sight with their summaries, parents moved, products linked to the test equipment their
 * records used. Multi-row statements of 1,000 rows (DESIGN.md §8).
 */
export async function writeProducts(
  db: Db,
  prepared: readonly PreparedRecord[],
  staging: StagingOptions = {},
): Promise<ProductsWritten> {
  const plan = await planProducts(db, prepared)
  const summaries = createdSummaries(prepared, plan.recordProducts)
  const { ids, inserted } = await createProducts(db, plan.created, summaries, staging)
  const idOf = (ref: ProductRef) => ('id' in ref ? ref.id : ids.get(ref.key)!)
  await moveParents(db, plan.parents, idOf)
  const productIds = plan.recordProducts.map((ref) => (ref ? idOf(ref) : null))

  const links = new Map<string, { productId: number; testEquipmentId: number }>()
  prepared.forEach((p, i) => {
    const productId = productIds[i]
    if (productId !== null)
      for (const testEquipmentId of p.testEquipmentIds)
        links.set(`${productId}:${testEquipmentId}`, { productId, testEquipmentId })
  })
  await insertRows(
    db,
    productTestEquipment,
    [...links.values()],
    sql`ON CONFLICT DO NOTHING`,
    staging.stageFromRows,
  )
  return { productIds, inserted }
}

/** Customers by lower-cased name, created on first use (names are unique ignoring case, SPEC §5). */
export async function writeCustomers(
  db: Db,
  prepared: readonly PreparedRecord[],
): Promise<Map<string, number>> {
  const names = new Map<string, string>()
  for (const p of prepared) {
    if (!p.customerName) continue
    const clean = p.customerName.trim()
    if (!names.has(clean.toLowerCase())) names.set(clean.toLowerCase(), clean)
  }
  const ids = new Map<string, number>()
  for (const part of chunks([...names.values()])) {
    await db
      .insert(customers)
      .values(part.map((name) => ({ name })))
      .onConflictDoNothing()
    const found = rowsOf<{ id: number; name: string }>(
      await db.execute(sql`SELECT id, lower(name) AS name FROM customers
        WHERE lower(name) IN (${sql.join(
          part.map((n) => sql`${n.toLowerCase()}`),
          sql`, `,
        )})`),
    )
    for (const row of found) ids.set(row.name, Number(row.id))
  }
  return ids
}

type Keyed = { id: number; asset_model_id: number; product_serial_number: string }
const keyOf = (r: Keyed) => `${r.asset_model_id}\u0000${r.product_serial_number}`

/**
 * Inserts the planned products in order with their summaries; a concurrent writer's row with the same
 * key is used instead. Answers every planned product's id and the ids this write inserted.
 */
async function createProducts(
  db: Db,
  created: ProductPlan['created'],
  summaries: ReadonlyMap<string, ProductSummary>,
  staging: StagingOptions,
) {
  const ids = new Map<string, number>()
  const inserted = new Set<number>()
  const productRows = created.map((p) => {
    const summary = summaries.get(p.key)
    return {
      serialNumberPrefix: p.serialNumberPrefix,
      serialNumber: p.serialNumber,
      productSerialNumber: p.productSerialNumber,
      assetModelId: p.assetModelId,
      assetManufacturerId: p.assetManufacturerId,
      dateOfLastRecord: summary?.dateOfLastRecord ?? null,
      currentStatus: summary?.currentStatus ?? null,
    }
  })
  // Issue #17.3: a batch's new products go straight into products by COPY, with ids reserved from the
  // sequence; only if a concurrent writer took one of their keys meanwhile does the ON CONFLICT path run.
  const copied = await copyUnlessTaken(db, products, productRows, staging)
  if (copied) {
    created.forEach((p, i) => ids.set(p.key, copied[i]))
    return { ids, inserted: new Set(copied) }
  }
  const rows = await insertRows<Keyed>(
    db,
    products,
    productRows,
    sql`ON CONFLICT DO NOTHING RETURNING id, asset_model_id, product_serial_number`,
    staging.stageFromRows,
  )
  for (const r of rows) {
    ids.set(keyOf(r), Number(r.id))
    inserted.add(Number(r.id))
  }
  for (const missing of chunks(created.filter((p) => !ids.has(p.key)))) {
    const found = rowsOf<Keyed>(
      await db.execute(sql`SELECT id, asset_model_id, product_serial_number FROM products
        WHERE (asset_model_id, product_serial_number) IN (${sql.join(
          missing.map((m) => sql`(${m.assetModelId}::int, ${m.productSerialNumber})`),
          sql`, `,
        )})`),
    )
    for (const r of found) ids.set(keyOf(r), Number(r.id))
  }
  return { ids, inserted }
}

/** Sets each touched product's final parent where it differs from the stored one (one UPDATE per 1,000). */
async function moveParents(db: Db, parents: ProductPlan['parents'], idOf: (ref: ProductRef) => number) {
  const moves: [number, number][] = []
  for (const entry of parents.values()) {
    const parentId = entry.parent ? idOf(entry.parent) : null
    if (parentId !== null && parentId !== entry.storedParent) moves.push([idOf(entry.ref), parentId])
  }
  for (const part of chunks(moves))
    await db.execute(sql`UPDATE products SET parent_id = v.parent
      FROM (VALUES ${sql.join(
        part.map(([id, parent]) => sql`(${id}::int, ${parent}::int)`),
        sql`, `,
      )}) AS v(id, parent) WHERE products.id = v.id`)
}
