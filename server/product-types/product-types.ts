import { asc, eq, inArray } from 'drizzle-orm'
import { ATTRIBUTE_KEYS, TABLE_NAMES, type Attribute } from '../../schemas/entities/attribute'
import { captureTypeOf } from '../../schemas/entities/data-point-type'
import { faultRepairItemNamesSchema, type FaultRepairItemNames } from '../../schemas/entities/fault-repair'
import {
  PROTECTED_PRODUCT_TYPE_ID,
  type ProductTypeWrite,
  type RecordTypeRef,
} from '../../schemas/entities/product-type'
import { MESSAGES } from '../../schemas/messages'
import { badRequest, conflict, notFound } from '../http-error'
import type { Db } from '../db/client'
import { assetModelParents, assetModelRecordTypes, assetModels, dataPointTypes } from '../db/schema/index'
import { AttributesRepository, type AttributeInput } from '../reference/attributes'
import { mapConstraintErrors } from '../db/errors'
import { FaultRepairItemsRepository } from '../reference/fault-repair-items'
import { replaceListOf } from '../reference/list-lock'
import { parseJsonValue } from '../db/json-value'

/** A product type with its parent and attributes (stored ones plus those kept in tables). */
export interface ProductTypeRecord {
  id: number
  name: string
  description: string | null
  assetTypeKey: string | null
  assetManufacturerId: number | null
  parent: { id: number; name: string } | null
  attributes: Attribute[]
}

/**
 * Product types (asset models). RecordTypeAttribute is kept in asset_model_record_types and the
 * fault/repair item list in fault_repair_items; both are rebuilt as JSON attributes on read.
 */
export class ProductTypesRepository {
  private readonly attributes: AttributesRepository
  private readonly items: FaultRepairItemsRepository

  constructor(private readonly db: Db) {
    this.attributes = new AttributesRepository(db)
    this.items = new FaultRepairItemsRepository(db)
  }

  /** Product types with parents and attributes; only `ids` when given. */
  async list(ids?: readonly number[]): Promise<ProductTypeRecord[]> {
    const rows = await this.db
      .select({ type: assetModels, parentId: assetModelParents.parentId })
      .from(assetModels)
      .leftJoin(assetModelParents, eq(assetModelParents.subjectId, assetModels.id))
      .where(ids ? inArray(assetModels.id, [...ids]) : undefined)
      .orderBy(asc(assetModels.id))
    if (rows.length === 0) return []
    const typeIds = rows.map((r) => r.type.id)
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter((p): p is number => p != null))]
    const parents = parentIds.length
      ? await this.db
          .select({ id: assetModels.id, name: assetModels.name })
          .from(assetModels)
          .where(inArray(assetModels.id, parentIds))
      : []
    const parentNames = new Map(parents.map((p) => [p.id, p.name]))
    const stored = await this.attributes.listFor(TABLE_NAMES.productType, typeIds)
    const recordTypes = await this.recordTypesOf(typeIds)
    const items = await this.items.namesOf(typeIds)
    return rows.map(({ type, parentId }) => ({
      ...type,
      parent: parentId != null ? { id: parentId, name: parentNames.get(parentId) ?? '' } : null,
      attributes: [
        ...(stored.get(type.id) ?? []),
        virtual(ATTRIBUTE_KEYS.recordTypes, recordTypes.get(type.id) ?? []),
        virtual(ATTRIBUTE_KEYS.faultRepairItems, items.get(type.id) ?? []),
      ],
    }))
  }

  /** One product type, or 404 'Product type does not exist'. */
  async get(id: number): Promise<ProductTypeRecord> {
    const [found] = await this.list([id])
    if (!found) throw notFound(MESSAGES.productType.notFound)
    return found
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: assetModels.id }).from(assetModels).where(eq(assetModels.id, id))
    return Boolean(row)
  }

  async requireExists(id: number): Promise<void> {
    if (!(await this.exists(id))) throw notFound(MESSAGES.productType.notFound)
  }

  async create(input: ProductTypeWrite): Promise<number> {
    const [row] = await mapConstraintErrors(
      () => this.db.insert(assetModels).values(columns(input)).returning({ id: assetModels.id }),
      {
        foreignKey: () => badRequest(MESSAGES.supplier.notFound(input.assetManufacturerId ?? '')),
        unique: () => conflict(MESSAGES.productType.nameTaken),
      },
    )
    return row.id
  }

  async update(id: number, input: ProductTypeWrite): Promise<void> {
    const rows = await mapConstraintErrors(
      () =>
        this.db
          .update(assetModels)
          .set(columns(input))
          .where(eq(assetModels.id, id))
          .returning({ id: assetModels.id }),
      {
        foreignKey: () => badRequest(MESSAGES.supplier.notFound(input.assetManufacturerId ?? '')),
        unique: () => conflict(MESSAGES.productType.nameTaken),
      },
    )
    if (rows.length === 0) throw notFound(MESSAGES.productType.notFound)
  }

  /** Deletes a product type (never 100210, SPEC §9); refused while products or records use it. */
  async delete(id: number): Promise<void> {
    if (id === PROTECTED_PRODUCT_TYPE_ID) throw conflict(MESSAGES.productType.protected(id))
    const [type] = await this.db.select().from(assetModels).where(eq(assetModels.id, id))
    if (!type) throw notFound(MESSAGES.productType.notFound)
    await mapConstraintErrors(
      () =>
        this.db.transaction(async (tx) => {
          await new AttributesRepository(tx as unknown as Db).deleteAll(TABLE_NAMES.productType, id)
          await tx.delete(assetModels).where(eq(assetModels.id, id))
        }),
      { foreignKey: () => conflict(MESSAGES.productType.inUse(type.name)) },
    )
  }

  /** The record types of product types, in their chosen order, as RecordTypeAttribute elements. */
  async recordTypesOf(typeIds: readonly number[]): Promise<Map<number, RecordTypeRef[]>> {
    const result = new Map<number, RecordTypeRef[]>()
    if (typeIds.length === 0) return result
    const rows = await this.db
      .select({ typeId: assetModelRecordTypes.assetModelId, rt: dataPointTypes })
      .from(assetModelRecordTypes)
      .innerJoin(dataPointTypes, eq(dataPointTypes.id, assetModelRecordTypes.dataPointTypeId))
      .where(inArray(assetModelRecordTypes.assetModelId, [...typeIds]))
      .orderBy(asc(assetModelRecordTypes.position))
    for (const { typeId, rt } of rows) {
      const list = result.get(typeId) ?? []
      list.push({ id: rt.id, name: rt.name, captureType: captureTypeOf(rt.sensorTypeId), category: rt.units })
      result.set(typeId, list)
    }
    return result
  }

  /** Replaces the record types of a product type (`PUT {itr}/api/ProductTypes/{id}/RecordTypes`). */
  async setRecordTypes(id: number, recordTypeIds: readonly number[]): Promise<void> {
    await this.requireExists(id)
    // A repeated id is refused rather than collapsed: the caller's list is stored as sent, or not at all.
    const repeated = recordTypeIds.find((rt, i) => recordTypeIds.indexOf(rt) !== i)
    if (repeated !== undefined) throw badRequest(MESSAGES.productType.recordTypeRepeated(repeated))
    const found = recordTypeIds.length
      ? await this.db
          .select({ id: dataPointTypes.id })
          .from(dataPointTypes)
          .where(inArray(dataPointTypes.id, recordTypeIds))
      : []
    const missing = recordTypeIds.find((rt) => !found.some((f) => f.id === rt))
    if (missing !== undefined) throw badRequest(MESSAGES.productType.recordTypeNotFound(missing))
    // Concurrent saves queue on the product type's row: the last one stores its list, never a merge (D4).
    const owner = { kind: 'productType', id, missing: () => notFound(MESSAGES.productType.notFound) } as const
    await replaceListOf(this.db, owner, async (tx) => {
      await tx.delete(assetModelRecordTypes).where(eq(assetModelRecordTypes.assetModelId, id))
      if (recordTypeIds.length) {
        await tx
          .insert(assetModelRecordTypes)
          .values(recordTypeIds.map((rt, position) => ({ assetModelId: id, dataPointTypeId: rt, position })))
      }
    })
  }

  /** One attribute of a product type (stored or kept in tables), or undefined. */
  async attribute(id: number, key: string): Promise<Attribute | undefined> {
    const type = await this.get(id)
    return type.attributes.find((a) => a.key === key)
  }

  /**
   * Creates or replaces an attribute. RecordTypeAttribute (a JSON list of {id,…}) and the item list
   * (a JSON list of names) go to their tables; other keys are plain rows.
   */
  async setAttribute(id: number, input: AttributeInput): Promise<void> {
    await this.requireExists(id)
    if (input.key === ATTRIBUTE_KEYS.recordTypes) {
      const list = parseJsonValue<{ id: number }[]>(
        recordTypeListSchema,
        input.value,
        MESSAGES.productType.emptyRecordType,
      )
      await this.setRecordTypes(
        id,
        list.map((r) => r.id),
      )
      return
    }
    if (input.key === ATTRIBUTE_KEYS.faultRepairItems) {
      const names = parseJsonValue<FaultRepairItemNames>(
        faultRepairItemNamesSchema,
        input.value,
        MESSAGES.surveyRepair.itemsNotJson,
      )
      await this.items.replace(id, names)
      return
    }
    await this.attributes.upsert(TABLE_NAMES.productType, id, input)
  }

  /** Deletes an attribute (`DELETE {meta}/api/AssetModels/Attributes/{id}/{attrKey}`). */
  async deleteAttribute(id: number, key: string): Promise<void> {
    await this.requireExists(id)
    if (key === ATTRIBUTE_KEYS.recordTypes) return this.setRecordTypes(id, [])
    if (key === ATTRIBUTE_KEYS.faultRepairItems) return this.items.replace(id, [])
    if (!(await this.attributes.delete(TABLE_NAMES.productType, id, key)))
      throw notFound(MESSAGES.attribute.notFound(key))
  }
}

/** RecordTypeAttribute as written by callers: elements need a positive record type id. */
const recordTypeListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 } },
  },
  errorMessage: MESSAGES.productType.emptyRecordType,
} as const

function virtual(key: string, value: unknown): Attribute {
  return {
    tableName: TABLE_NAMES.productType,
    key,
    name: key,
    description: null,
    value: JSON.stringify(value),
  }
}

function columns(input: ProductTypeWrite) {
  return {
    name: input.name.trim(),
    description: input.description ?? null,
    assetTypeKey: input.assetTypeKey ?? null,
    assetManufacturerId: input.assetManufacturerId ?? null,
  }
}
