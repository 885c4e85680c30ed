import { and, eq, inArray, sql } from 'drizzle-orm'
import { ATTRIBUTE_KEYS } from '../../schemas/entities/attribute'
import { RECORD_MESSAGES, type Product } from '../../schemas/records/index'
import { notFound } from '../http-error'
import type { Db } from '../db/client'
import { refreshSummaries } from './product-summaries'
import { assetManufacturers, assetModels, products } from '../db/schema/index'

export type ProductRow = typeof products.$inferSelect

/** A product row with its supplier's and product type's names, as the page query selects it. */
export interface ProductJoined {
  product: ProductRow
  assetModel: string | null
  assetManufacturerName: string | null
}

/** The columns of ProductJoined: the product row, its product type's and its supplier's names. */
export const PRODUCT_JOINED_FIELDS = {
  product: products,
  assetModel: assetModels.name,
  assetManufacturerName: assetManufacturers.name,
}

/** SPEC §3 Product with the attributes SerialNumberPrefix, DateOfLastRecord and CurrentStatus. */
export function toProduct({ product: p, assetModel, assetManufacturerName }: ProductJoined): Product {
  const last = p.dateOfLastRecord ? p.dateOfLastRecord.toISOString() : null
  const attr = (key: string, value: string | null) => ({
    tableName: 'Assets',
    key,
    name: key,
    description: null,
    value,
  })
  return {
    id: p.id,
    serialNumber: p.serialNumber,
    serialNumberPrefix: p.serialNumberPrefix,
    productSerialNumber: p.productSerialNumber,
    assetModelId: p.assetModelId,
    assetModel,
    assetManufacturerId: p.assetManufacturerId,
    assetManufacturerName,
    parent: p.parentId,
    dateOfLastRecord: last,
    currentStatus: (p.currentStatus as Product['currentStatus']) ?? null,
    attributes: [
      attr(ATTRIBUTE_KEYS.serialNumberPrefix, p.serialNumberPrefix),
      attr(ATTRIBUTE_KEYS.dateOfLastRecord, last),
      attr(
        ATTRIBUTE_KEYS.currentStatus,
        p.currentStatus ? JSON.stringify({ Conclusion: p.currentStatus }) : null,
      ),
    ],
  }
}

/** Products (assets): created on first sight by submissions, summarised from their newest records. */
export class ProductsRepository {
  constructor(private readonly db: Db) {}

  /** Select with the supplier and product type names. */
  joined() {
    return this.db
      .select(PRODUCT_JOINED_FIELDS)
      .from(products)
      .innerJoin(assetModels, eq(assetModels.id, products.assetModelId))
      .leftJoin(assetManufacturers, eq(assetManufacturers.id, products.assetManufacturerId))
  }

  /** The product, or 404 (also for a supplier-view caller when it is another supplier's). */
  async requireVisible(id: number, supplierId: number | undefined): Promise<ProductRow> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id))
    if (!row || (supplierId !== undefined && row.assetManufacturerId !== supplierId))
      throw notFound(RECORD_MESSAGES.productNotFound(id))
    return row
  }

  /** Products of one product type, by serial (at most `limit`). */
  async byType(typeId: number, supplierId: number | undefined, limit: number): Promise<Product[]> {
    const rows = await this.joined()
      .where(
        and(
          eq(products.assetModelId, typeId),
          supplierId === undefined ? undefined : eq(products.assetManufacturerId, supplierId),
        ),
      )
      .orderBy(products.productSerialNumber, products.id)
      .limit(limit)
    return rows.map(toProduct)
  }

  /**
   * The product of this type and full serial, created on first sight. Concurrent first submissions of one
   * serial meet on the unique index: the loser's insert does nothing and it reads the winner's row.
   */
  async findOrCreate(input: {
    assetModelId: number
    assetManufacturerId: number | null
    serialNumberPrefix: string
    serialNumber: string
    parentId?: number | null
  }): Promise<ProductRow> {
    const productSerialNumber = `${input.serialNumberPrefix}${input.serialNumber}`
    const where = and(
      eq(products.assetModelId, input.assetModelId),
      eq(products.productSerialNumber, productSerialNumber),
    )
    const [found] = await this.db.select().from(products).where(where)
    if (found) {
      if (input.parentId && found.parentId !== input.parentId) {
        await this.db.update(products).set({ parentId: input.parentId }).where(eq(products.id, found.id))
        return { ...found, parentId: input.parentId }
      }
      return found
    }
    await this.db
      .insert(products)
      .values({ ...input, productSerialNumber, parentId: input.parentId ?? null })
      .onConflictDoNothing()
    const [row] = await this.db.select().from(products).where(where)
    return row
  }

  /** Products whose full serial is one of `serials` (any type), for parent links. */
  async bySerials(serials: readonly string[]): Promise<ProductRow[]> {
    if (serials.length === 0) return []
    return this.db
      .select()
      .from(products)
      .where(inArray(products.productSerialNumber, [...serials]))
  }

  /** DateOfLastRecord and CurrentStatus of one product (the rule: schemas/records/product.ts). */
  refreshSummary(productId: number): Promise<void> {
    return refreshSummaries(this.db, [productId])
  }

  /** The parent product id of a product (`GET {meta}/api/Assets/parentMappings/{id}`). */
  async parentOf(id: number, supplierId: number | undefined): Promise<number | null> {
    const row = await this.requireVisible(id, supplierId)
    return row.parentId
  }

  /** Number of products (bulk seeding and tests). */
  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(products)
    return Number(row.n)
  }
}
