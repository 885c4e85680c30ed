import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { textArray } from '../../db/sql-arrays'
import { products } from '../../db/schema/index'
import type { ProductRow } from '../../products/products'
import type { PreparedRecord, SerialRef } from '../types'

/** A product the batch refers to: one already stored (its id) or one the batch creates (its key). */
export type ProductRef = { id: number } | { key: string }

/** A product the batch creates, in the order writing its records one by one would create it. */
export interface NewProduct {
  key: string
  assetModelId: number
  assetManufacturerId: number | null
  serialNumberPrefix: string
  serialNumber: string
  productSerialNumber: string
}

/** What writing the batch does to products: creations, parent changes, and each record's product. */
export interface ProductPlan {
  created: NewProduct[]
  /** The final parent of every product the batch touched (created or stored). */
  parents: Map<string, { ref: ProductRef; parent: ProductRef | null; storedParent: number | null }>
  /** The main product of each prepared record (null for records without one), by index. */
  recordProducts: (ProductRef | null)[]
}

const keyOf = (assetModelId: number, productSerialNumber: string) =>
  `${assetModelId}\u0000${productSerialNumber}`
const fullSerial = (s: SerialRef) => `${s.prefix}${s.value}`

/** What the plan reads of a stored product. */
type StoredProduct = Pick<ProductRow, 'id' | 'assetModelId' | 'productSerialNumber' | 'parentId'>

/**
 * The stored products any of `prepared` names (its product, components or parent), in one statement.
 * Only the four columns the plan uses: drizzle renders a selected column in ~10–20 µs, and the whole
 * row was ten of them on every submission (issue #17.1).
 */
async function storedProducts(db: Db, prepared: readonly PreparedRecord[]): Promise<StoredProduct[]> {
  const serials = new Set<string>()
  for (const p of prepared) {
    if (!p.product) continue
    serials.add(fullSerial(p.product))
    for (const c of p.components) serials.add(fullSerial(c))
    if (p.parentSerial) serials.add(p.parentSerial)
  }
  // The serials as one array parameter (db/sql-arrays.ts): an IN list of 1,000 bound values is compared
  // one by one against every row of a sequential scan, which the planner chose over the index on a
  // 40,000-product table (1.5 s a statement under load).
  return serials.size === 0
    ? []
    : await db
        .select({
          id: products.id,
          assetModelId: products.assetModelId,
          productSerialNumber: products.productSerialNumber,
          parentId: products.parentId,
        })
        .from(products)
        .where(sql`${products.productSerialNumber} = ANY(${textArray([...serials])})`)
}

/**
 * Plans the product side effects of a set of records exactly as writing them one by one would
 * (parent by serial, find-or-create of the product and its components with their parent links), from one read of the stored products involved. A product is created on first sight; a
 * later row naming another parent moves it (only a named parent moves it, as in findOrCreate); a parent
 * serial finds a stored product of any type first (the lowest id, the row PostgreSQL's serial index
 * returns first), otherwise one created by an earlier row.
 */
export async function planProducts(db: Db, prepared: readonly PreparedRecord[]): Promise<ProductPlan> {
  const stored = await storedProducts(db, prepared)
  const storedByKey = new Map(stored.map((r) => [keyOf(r.assetModelId, r.productSerialNumber), r]))
  const storedBySerial = new Map<string, StoredProduct>()
  for (const r of stored) {
    const first = storedBySerial.get(r.productSerialNumber)
    if (!first || r.id < first.id) storedBySerial.set(r.productSerialNumber, r)
  }

  const created: NewProduct[] = []
  const createdBySerial = new Map<string, string>()
  const parents: ProductPlan['parents'] = new Map()
  const sameRef = (a: ProductRef | null, b: ProductRef | null) =>
    a === b || (!!a && !!b && ('id' in a ? 'id' in b && a.id === b.id : 'key' in b && a.key === b.key))

  const touch = (ref: SerialRef, supplierId: number | null, parent: ProductRef | null): ProductRef => {
    const serial = fullSerial(ref)
    const key = keyOf(ref.assetModelId, serial)
    const known = parents.get(key)
    if (known) {
      if (parent && !sameRef(known.parent, parent)) known.parent = parent
      return known.ref
    }
    const row = storedByKey.get(key)
    if (row) {
      const storedParent = row.parentId
      const entry: { ref: ProductRef; parent: ProductRef | null; storedParent: number | null } = {
        ref: { id: row.id },
        parent: storedParent === null ? null : { id: storedParent },
        storedParent,
      }
      if (parent) entry.parent = parent
      parents.set(key, entry)
      return entry.ref
    }
    created.push({
      key,
      assetModelId: ref.assetModelId,
      assetManufacturerId: supplierId,
      serialNumberPrefix: ref.prefix,
      serialNumber: ref.value,
      productSerialNumber: serial,
    })
    if (!createdBySerial.has(serial)) createdBySerial.set(serial, key)
    const entry = { ref: { key } as ProductRef, parent, storedParent: null }
    parents.set(key, entry)
    return entry.ref
  }

  const recordProducts = prepared.map((p) => {
    if (!p.product) return null
    let parent: ProductRef | null = null
    if (p.parentSerial) {
      const row = storedBySerial.get(p.parentSerial)
      const key = createdBySerial.get(p.parentSerial)
      parent = row ? { id: row.id } : key ? { key } : null
    }
    const main = touch(p.product, p.supplierId, parent)
    for (const component of p.components) touch(component, p.supplierId, main)
    return main
  })
  return { created, parents, recordProducts }
}
