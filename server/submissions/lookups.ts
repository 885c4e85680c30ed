import { and, eq, sql, type SQL } from 'drizzle-orm'
import { matchSerial, RECORD_MESSAGES, type RangeBounds } from '../../schemas/records/index'
import { MESSAGES } from '../../schemas/messages'
import { badRequest, notFound } from '../http-error'
import { productTypeVisibleSql } from '../access/product-type-scope'
import type { Db } from '../db/client'
import { assetManufacturers, assetModelRecordTypes, assetModels, customers } from '../db/schema/index'
import { noSerialPrefixColumn } from '../product-types/product-type-attributes'
import { rowsOf } from './write/sql-batch'
import type { RecordDefinition } from '../record-types/record-definitions'
import type { SerialRef } from './types'

const offeredKey = (productTypeId: number, recordTypeId: number) => `offered:${productTypeId}:${recordTypeId}`
const rangesKey = (supplierId: number, productTypeId: number) => `ranges:${supplierId}:${productTypeId}`
const visibleKey = (supplierId: number, productTypeId: number) => `visible:${supplierId}:${productTypeId}`

/** The supplier's ranges for a product type and the type's no-prefix rule, as named columns. */
function rangeQuestions(supplierId: number, productTypeId: number): Record<string, SQL> {
  return {
    ranges: sql`(SELECT json_agg(json_build_object('prefix', r.prefix, 'min', r.min, 'max', r.max) ORDER BY r.id)
      FROM supplier_serial_ranges r JOIN supplier_products sp ON sp.id = r.supplier_product_id
      WHERE sp.supplier_id = ${supplierId} AND sp.asset_model_id = ${productTypeId})`,
    no_prefix: noSerialPrefixColumn(productTypeId),
  }
}

interface RangesAnswer {
  ranges: RangeBounds[] | null
  no_prefix: boolean
}

const rangesOf = (row: RangesAnswer) => ({ ranges: row.ranges ?? [], noPrefix: Boolean(row.no_prefix) })

const columns = (questions: Record<string, SQL>) =>
  Object.entries(questions).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`)

/**
 * The database questions a submission asks about its product side: is the record type offered for the
 * product type, which serial ranges does the supplier hold, what are the names for messages. Answers are
 * cached per instance (one transaction), so a CSV of many rows asks each question once.
 */
export class SubmissionLookups {
  private readonly cache = new Map<string, Promise<unknown>>()

  constructor(private readonly db: Db) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined
    if (!hit) {
      hit = load()
      this.cache.set(key, hit)
    }
    return hit
  }

  /**
   * The first questions a product record's checks ask (is the record type offered for the product type,
   * the supplier's ranges for it and its no-prefix rule), as columns another statement can carry: the
   * submission asks them with its record type (issue #17.1) and hands the answers to {@link remember}.
   */
  static firstQuestions(
    supplierId: number,
    productTypeId: number,
    recordTypeId: number,
    scoped: boolean,
  ): Record<string, SQL> {
    return {
      offered: sql`EXISTS (SELECT 1 FROM asset_model_record_types o
        WHERE o.asset_model_id = ${productTypeId} AND o.data_point_type_id = ${recordTypeId})`,
      ...rangeQuestions(supplierId, productTypeId),
      // A supplier-view caller's: may it read the product type (checkVisible)?
      ...(scoped ? { visible: productTypeVisibleSql(supplierId, productTypeId) } : {}),
    }
  }

  /** Keeps the answers to {@link firstQuestions}, so checkOffered and resolveSerial do not ask again. */
  remember(
    supplierId: number,
    productTypeId: number,
    recordTypeId: number,
    answers: Record<string, unknown>,
  ) {
    this.cache.set(offeredKey(productTypeId, recordTypeId), Promise.resolve(Boolean(answers.offered)))
    this.cache.set(
      rangesKey(supplierId, productTypeId),
      Promise.resolve(rangesOf(answers as unknown as RangesAnswer)),
    )
    if ('visible' in answers)
      this.cache.set(visibleKey(supplierId, productTypeId), Promise.resolve(Boolean(answers.visible)))
  }

  /**
   * A supplier-view caller may only write for a product type it may read (its supplier's and their sub
   * components, server/access/product-type-scope.ts): otherwise the read's answer, 404 "Product type does
   * not exist" (DESIGN.md §5).
   */
  async checkVisible(supplierId: number, productTypeId: number): Promise<void> {
    const visible = await this.cached(visibleKey(supplierId, productTypeId), async () => {
      const [row] = rowsOf<{ visible: boolean }>(
        await this.db.execute(sql`SELECT ${productTypeVisibleSql(supplierId, productTypeId)} AS visible`),
      )
      return Boolean(row?.visible)
    })
    if (!visible) throw notFound(MESSAGES.productType.notFound)
  }

  /** The record type must be one of the product type's record types (SPEC §3 RecordTypeAttribute). */
  async checkOffered(productTypeId: number, definition: RecordDefinition): Promise<void> {
    const offered = await this.cached(offeredKey(productTypeId, definition.id), async () => {
      const [row] = await this.db
        .select({ id: assetModelRecordTypes.dataPointTypeId })
        .from(assetModelRecordTypes)
        .where(
          and(
            eq(assetModelRecordTypes.assetModelId, productTypeId),
            eq(assetModelRecordTypes.dataPointTypeId, definition.id),
          ),
        )
      return !!row
    })
    if (!offered) {
      const name = await this.productTypeName(productTypeId)
      throw badRequest(`Record type ${definition.name} is not a record type of product type ${name}.`)
    }
  }

  productTypeName(id: number): Promise<string> {
    return this.cached(`typeName:${id}`, async () => {
      const [row] = await this.db
        .select({ name: assetModels.name })
        .from(assetModels)
        .where(eq(assetModels.id, id))
      if (!row) throw badRequest(`Product type ${id} does not exist`)
      return row.name
    })
  }

  supplierName(id: number): Promise<string> {
    return this.cached(`supplierName:${id}`, async () => {
      const [row] = await this.db
        .select({ name: assetManufacturers.name })
        .from(assetManufacturers)
        .where(eq(assetManufacturers.id, id))
      if (!row) throw badRequest(`Supplier ${id} does not exist`)
      return row.name
    })
  }

  async customerName(id: number): Promise<string> {
    const [row] = await this.db.select({ name: customers.name }).from(customers).where(eq(customers.id, id))
    if (!row) throw badRequest(`Customer ${id} does not exist`)
    return row.name
  }

  /** The serial within one of the supplier's ranges for the product type, or a 400 naming it. */
  async resolveSerial(
    supplierId: number,
    productTypeId: number,
    serial: string,
    required: boolean,
  ): Promise<SerialRef> {
    const { ranges, noPrefix } = await this.cached(rangesKey(supplierId, productTypeId), async () => {
      // One statement: the supplier's ranges for the product type and the type's no-prefix rule.
      const [row] = rowsOf<RangesAnswer>(
        await this.db.execute(
          sql`SELECT ${sql.join(columns(rangeQuestions(supplierId, productTypeId)), sql`, `)}`,
        ),
      )
      return rangesOf(row)
    })
    const match = matchSerial(serial, ranges, noPrefix)
    if (!match) {
      // A component type the supplier does not list is accepted as typed (it has no ranges to check).
      if (!required && ranges.length === 0) return { assetModelId: productTypeId, prefix: '', value: serial }
      throw badRequest(
        RECORD_MESSAGES.serialOutOfRange(
          serial,
          await this.productTypeName(productTypeId),
          await this.supplierName(supplierId),
        ),
      )
    }
    return { assetModelId: productTypeId, ...match }
  }
}
