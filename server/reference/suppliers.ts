import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import { ATTRIBUTE_KEYS, TABLE_NAMES, type Attribute } from '../../schemas/entities/attribute'
import {
  supplierProductsSchema,
  type SupplierProduct,
  type SupplierProducts,
} from '../../schemas/entities/supplier'
import { MESSAGES } from '../../schemas/messages'
import {
  serialRangesOverlap,
  supplierProductsError,
  type SerialRangeBounds,
} from '../../schemas/rules/serial-ranges'
import { badRequest, conflict, notFound } from '../http-error'
import type { Db } from '../db/client'
import { assetManufacturers, assetModels, supplierProducts, supplierSerialRanges } from '../db/schema/index'
import { AttributesRepository, type AttributeInput } from './attributes'
import { mapConstraintErrors } from '../db/errors'
import { replaceListOf } from './list-lock'
import { parseJsonValue } from '../db/json-value'
import { noSerialPrefixIds } from '../product-types/product-type-attributes'

export type SupplierRow = typeof assetManufacturers.$inferSelect

/** A supplier with its attributes, SupplierProducts included (SPEC §3). */
export interface SupplierWithAttributes extends SupplierRow {
  attributes: Attribute[]
}

/** The SupplierProducts attribute with its JSON `value`, as suppliers are answered (SPEC §3). */
const productsAttribute = (value: string): Attribute => ({
  tableName: TABLE_NAMES.supplier,
  key: ATTRIBUTE_KEYS.supplierProducts,
  name: ATTRIBUTE_KEYS.supplierProducts,
  description: null,
  value,
})

/** The attribute of a supplier without products: one shared, frozen object for a list of thousands. */
const NO_PRODUCTS: Attribute = Object.freeze(productsAttribute('[]'))

/**
 * Suppliers (asset manufacturers). Their SupplierProducts attribute is kept in the supplier_products and
 * supplier_serial_ranges tables, so serials can be checked with SQL, and is rebuilt as JSON on read.
 */
export class SuppliersRepository {
  private readonly attributes: AttributesRepository

  constructor(private readonly db: Db) {
    this.attributes = new AttributesRepository(db)
  }

  list(): Promise<SupplierRow[]> {
    return this.db.select().from(assetManufacturers).orderBy(asc(assetManufacturers.id))
  }

  async get(id: number): Promise<SupplierRow | undefined> {
    const [row] = await this.db.select().from(assetManufacturers).where(eq(assetManufacturers.id, id))
    return row
  }

  /** Suppliers with their attributes; only `ids` when given. */
  async listWithAttributes(ids?: readonly number[]): Promise<SupplierWithAttributes[]> {
    const rows = ids
      ? await this.db
          .select()
          .from(assetManufacturers)
          .where(inArray(assetManufacturers.id, [...ids]))
          .orderBy(asc(assetManufacturers.id))
      : await this.list()
    // The whole list reads every supplier's attributes and products by table, not by 2,000 bound ids
    // each (issue #17.4); rows of suppliers not listed are not used.
    const listed = ids ?? 'all'
    const stored = await this.attributes.listFor(TABLE_NAMES.supplier, listed)
    const products = await this.productsOf(listed)
    return rows.map((row) => {
      const own = products.get(row.id)
      const supplierProducts = own ? productsAttribute(JSON.stringify(own)) : NO_PRODUCTS
      return { ...row, attributes: [...(stored.get(row.id) ?? []), supplierProducts] }
    })
  }

  /** One supplier with attributes, or 404. */
  async getWithAttributes(id: number): Promise<SupplierWithAttributes> {
    const [found] = await this.listWithAttributes([id])
    if (!found) throw notFound(MESSAGES.supplier.notFound(id))
    return found
  }

  /** Creates a supplier; a name another supplier has (ignoring case and outer spaces) is refused (409). */
  async create(name: string): Promise<number> {
    const [row] = await mapConstraintErrors(
      () =>
        this.db
          .insert(assetManufacturers)
          .values({ name: name.trim() })
          .returning({ id: assetManufacturers.id }),
      { unique: () => conflict(MESSAGES.supplier.nameTaken) },
    )
    return row.id
  }

  async rename(id: number, name: string): Promise<void> {
    const rows = await mapConstraintErrors(
      () =>
        this.db
          .update(assetManufacturers)
          .set({ name: name.trim() })
          .where(eq(assetManufacturers.id, id))
          .returning({ id: assetManufacturers.id }),
      { unique: () => conflict(MESSAGES.supplier.nameTaken) },
    )
    if (rows.length === 0) throw notFound(MESSAGES.supplier.notFound(id))
  }

  /** Deletes a supplier, its products and attributes; refused while products or records point at it. */
  async delete(id: number): Promise<void> {
    const supplier = await this.get(id)
    if (!supplier) throw notFound(MESSAGES.supplier.notFound(id))
    await mapConstraintErrors(
      () =>
        this.db.transaction(async (tx) => {
          await new AttributesRepository(tx as unknown as Db).deleteAll(TABLE_NAMES.supplier, id)
          await tx.delete(assetManufacturers).where(eq(assetManufacturers.id, id))
        }),
      { foreignKey: () => conflict(`Supplier ${supplier.name} is in use and cannot be deleted.`) },
    )
  }

  /**
   * Creates or replaces an attribute. SupplierProducts is validated with the SPEC §5 supplier rules
   * and stored in its tables; other keys are plain attribute rows.
   */
  async setAttribute(id: number, input: AttributeInput): Promise<void> {
    if (!(await this.get(id))) throw notFound(MESSAGES.supplier.notFound(id))
    if (input.key === ATTRIBUTE_KEYS.supplierProducts) {
      const products = parseJsonValue<SupplierProducts>(
        supplierProductsSchema,
        input.value,
        MESSAGES.supplier.productsNotJson,
      )
      await this.replaceProducts(id, products)
      return
    }
    await this.attributes.upsert(TABLE_NAMES.supplier, id, input)
  }

  /**
   * The suppliers' products with their serial ranges, as the SupplierProducts JSON holds them; `'all'`
   * for every supplier's.
   */
  async productsOf(supplierIds: readonly number[] | 'all'): Promise<Map<number, SupplierProduct[]>> {
    const result = new Map<number, SupplierProduct[]>()
    if (supplierIds !== 'all' && supplierIds.length === 0) return result
    const rows = await this.db
      .select({
        supplierId: supplierProducts.supplierId,
        productRowId: supplierProducts.id,
        productTypeId: assetModels.id,
        productTypeName: assetModels.name,
        rangeId: supplierSerialRanges.id,
        prefix: supplierSerialRanges.prefix,
        min: supplierSerialRanges.min,
        max: supplierSerialRanges.max,
      })
      .from(supplierProducts)
      .innerJoin(assetModels, eq(assetModels.id, supplierProducts.assetModelId))
      .leftJoin(supplierSerialRanges, eq(supplierSerialRanges.supplierProductId, supplierProducts.id))
      .where(supplierIds === 'all' ? undefined : inArray(supplierProducts.supplierId, [...supplierIds]))
      .orderBy(
        asc(supplierProducts.supplierId),
        asc(supplierProducts.position),
        asc(supplierProducts.id),
        asc(supplierSerialRanges.id),
      )
    const byRow = new Map<number, SupplierProduct>()
    for (const row of rows) {
      let product = byRow.get(row.productRowId)
      if (!product) {
        product = { id: row.productTypeId, name: row.productTypeName, serialRanges: [] }
        byRow.set(row.productRowId, product)
        const list = result.get(row.supplierId) ?? []
        list.push(product)
        result.set(row.supplierId, list)
      }
      if (row.rangeId != null)
        product.serialRanges.push({ id: row.rangeId, prefix: row.prefix, min: row.min, max: row.max })
    }
    return result
  }

  private async replaceProducts(id: number, products: SupplierProducts): Promise<void> {
    const typeIds = [...new Set(products.map((p) => p.id).filter((x): x is number => x != null && x > 0))]
    const types = typeIds.length
      ? await this.db
          .select({ id: assetModels.id, name: assetModels.name })
          .from(assetModels)
          .where(inArray(assetModels.id, typeIds))
      : []
    const names = new Map(types.map((t) => [t.id, t.name]))
    const noPrefix = await noSerialPrefixIds(this.db, typeIds)
    const error = supplierProductsError(
      products,
      (pt) => noPrefix.has(pt),
      (pt) => names.get(pt) ?? String(pt),
    )
    if (error) throw badRequest(error)
    if (typeIds.some((pt) => !names.has(pt))) throw badRequest(MESSAGES.productType.notFound)
    const owner = { kind: 'supplier', id, missing: () => notFound(MESSAGES.supplier.notFound(id)) } as const
    await replaceListOf(this.db, owner, async (tx) => {
      await tx.delete(supplierProducts).where(eq(supplierProducts.supplierId, id))
      for (const [position, product] of products.entries()) {
        const [row] = await tx
          .insert(supplierProducts)
          .values({ supplierId: id, assetModelId: product.id!, position })
          .returning({ id: supplierProducts.id })
        if (product.serialRanges.length) {
          await tx.insert(supplierSerialRanges).values(
            product.serialRanges.map((r) => ({
              supplierProductId: row.id,
              prefix: (r.prefix ?? '').trim(),
              min: r.min!,
              max: r.max!,
            })),
          )
        }
      }
    })
  }

  /**
   * SPEC §5 duplicate check: the first other supplier whose serial ranges share the prefix and
   * overlap the given range, or undefined when the range is free.
   */
  async supplierUsingRange(
    supplierId: number,
    range: SerialRangeBounds,
  ): Promise<{ id: number; name: string } | undefined> {
    // Same prefix ignoring case and surrounding blanks, and overlapping bounds: SQL narrows, the shared
    // rule decides, so the server and the SPA agree on what "overlap" means.
    const rows = await this.db
      .select({
        id: assetManufacturers.id,
        name: assetManufacturers.name,
        prefix: supplierSerialRanges.prefix,
        min: supplierSerialRanges.min,
        max: supplierSerialRanges.max,
      })
      .from(supplierSerialRanges)
      .innerJoin(supplierProducts, eq(supplierProducts.id, supplierSerialRanges.supplierProductId))
      .innerJoin(assetManufacturers, eq(assetManufacturers.id, supplierProducts.supplierId))
      .where(
        and(
          ne(supplierProducts.supplierId, supplierId),
          eq(sql`lower(trim(${supplierSerialRanges.prefix}))`, range.prefix.trim().toLowerCase()),
          lte(supplierSerialRanges.min, range.max),
          gte(supplierSerialRanges.max, range.min),
        ),
      )
      .orderBy(asc(assetManufacturers.id))
    const hit = rows.find((r) => serialRangesOverlap(r, range))
    return hit && { id: hit.id, name: hit.name }
  }
}
