import { and, asc, desc, eq, max, sql } from 'drizzle-orm'
import { TABLE_NAMES } from '../../schemas/entities/attribute'
import type { Attribute } from '../../schemas/entities/attribute'
import { captureTypeOf } from '../../schemas/entities/data-point-type'
import {
  RECORD_TYPE_ATTRIBUTES,
  RECORD_TYPE_DESCRIPTION,
  type RecordType,
  type RecordTypeWrite,
} from '../../schemas/entities/record-type'
import type { ReviewPolicy } from '../../schemas/records/review'
import type { Db } from '../db/client'
import { conflict } from '../http-error'
import {
  assetModelRecordTypes,
  dataPointTypes,
  entityAttributes,
  recordTypeLayouts,
  records,
} from '../db/schema/index'
import { MESSAGES } from '../../schemas/messages'
import { AttributesRepository, type AttributeInput } from '../reference/attributes'
import { mapConstraintErrors } from '../db/errors'

type RecordTypeRow = typeof dataPointTypes.$inferSelect

/**
 * Record types (SPEC's DataPointTypes): the row, its attributes (field mappings and form layout as
 * JSON), and every revision of the layout.
 */
export class RecordTypesRepository {
  private readonly attributes: AttributesRepository

  constructor(private readonly db: Db) {
    this.attributes = new AttributesRepository(db)
  }

  async list(): Promise<RecordType[]> {
    const rows = await this.db.select().from(dataPointTypes).orderBy(asc(dataPointTypes.id))
    const attributes = await this.attributes.listFor(
      TABLE_NAMES.recordType,
      rows.map((r) => r.id),
    )
    const revisions = await this.currentRevisions()
    return rows.map((row) =>
      this.toRecordType(row, attributes.get(row.id) ?? [], revisions.get(row.id) ?? null),
    )
  }

  async get(id: number): Promise<RecordType | undefined> {
    const [row] = await this.db.select().from(dataPointTypes).where(eq(dataPointTypes.id, id))
    if (!row) return undefined
    const attributes = await this.attributes.listFor(TABLE_NAMES.recordType, [id])
    return this.toRecordType(row, attributes.get(id) ?? [], await this.currentRevision(id))
  }

  async create(input: RecordTypeWrite): Promise<number> {
    const [row] = await this.db
      .insert(dataPointTypes)
      .values({ ...this.columns(input) })
      .returning({ id: dataPointTypes.id })
    return row.id
  }

  /** Whether records were stored with the record type (its category then stays). */
  async hasRecords(id: number): Promise<boolean> {
    const [used] = await this.db
      .select({ id: records.id })
      .from(records)
      .where(eq(records.recordTypeId, id))
      .limit(1)
    return used !== undefined
  }

  /**
   * Updates the row; false when it does not exist. Its category stays while it has records (409): they
   * were stored, mapped and listed as that category, and would otherwise sit under another one.
   */
  async update(id: number, input: RecordTypeWrite): Promise<boolean> {
    const columns = this.columns(input)
    const [current] = await this.db
      .select({ name: dataPointTypes.name, units: dataPointTypes.units })
      .from(dataPointTypes)
      .where(eq(dataPointTypes.id, id))
    if (!current) return false
    if (current.units === columns.units) {
      await this.db.update(dataPointTypes).set(columns).where(eq(dataPointTypes.id, id))
      return true
    }
    return this.db.transaction(async (tx) => {
      // A submission holds this row FOR KEY SHARE from its definition read to its commit (its records'
      // foreign key would too, but only from their insert): FOR UPDATE waits for every one in flight, so
      // the check below sees their records, and one that starts later reads the new category.
      await tx.execute(sql`SELECT 1 FROM ${dataPointTypes} WHERE ${dataPointTypes.id} = ${id} FOR UPDATE`)
      if (await new RecordTypesRepository(tx as unknown as Db).hasRecords(id))
        throw conflict(MESSAGES.recordType.categoryInUse(current.name))
      await tx.update(dataPointTypes).set(columns).where(eq(dataPointTypes.id, id))
      return true
    })
  }

  /** Deletes a record type with its attributes and product-type links; false when it does not exist. */
  async delete(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ name: dataPointTypes.name })
      .from(dataPointTypes)
      .where(eq(dataPointTypes.id, id))
    if (!row) return false
    // Records keep their record type (foreign key RESTRICT): deleting one in use is a 409, not a 500.
    return mapConstraintErrors(() => this.deleteRow(id), {
      foreignKey: () => conflict(MESSAGES.recordType.inUse(row.name)),
    })
  }

  private deleteRow(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx
        .delete(entityAttributes)
        .where(and(eq(entityAttributes.tableName, TABLE_NAMES.recordType), eq(entityAttributes.entityId, id)))
      await tx.delete(assetModelRecordTypes).where(eq(assetModelRecordTypes.dataPointTypeId, id))
      const rows = await tx
        .delete(dataPointTypes)
        .where(eq(dataPointTypes.id, id))
        .returning({ id: dataPointTypes.id })
      return rows.length > 0
    })
  }

  getAttribute(id: number, key: string): Promise<Attribute | undefined> {
    return this.attributes.get(TABLE_NAMES.recordType, id, key)
  }

  /**
   * Stores an attribute. Saving the form layout also appends a new layout revision, in the same
   * transaction, so the attribute and the history never disagree. The API's writes call it holding the
   * record type's row FOR UPDATE (guarded-writes.ts), so concurrent saves cannot take the same max+1.
   */
  async putAttribute(id: number, input: AttributeInput, layout?: object, createdBy?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await new AttributesRepository(tx as unknown as Db).upsert(TABLE_NAMES.recordType, id, input)
      if (input.key === RECORD_TYPE_ATTRIBUTES.layout && layout) {
        const [{ latest }] = await tx
          .select({ latest: max(recordTypeLayouts.revision) })
          .from(recordTypeLayouts)
          .where(eq(recordTypeLayouts.recordTypeId, id))
        await tx
          .insert(recordTypeLayouts)
          .values({ recordTypeId: id, revision: (latest ?? 0) + 1, layout, createdBy })
      }
    })
  }

  /** Deletes an attribute; false when it did not exist. */
  async deleteAttribute(id: number, key: string): Promise<boolean> {
    const rows = await this.db
      .delete(entityAttributes)
      .where(
        and(
          eq(entityAttributes.tableName, TABLE_NAMES.recordType),
          eq(entityAttributes.entityId, id),
          eq(entityAttributes.key, key),
        ),
      )
      .returning({ id: entityAttributes.id })
    return rows.length > 0
  }

  /** One stored layout revision, for rendering a record with the layout it was captured with. */
  async layoutRevision(id: number, revision: number) {
    const [row] = await this.db
      .select()
      .from(recordTypeLayouts)
      .where(and(eq(recordTypeLayouts.recordTypeId, id), eq(recordTypeLayouts.revision, revision)))
    return row
  }

  /** Revision numbers of a record type's layouts, newest first. */
  async layoutRevisions(id: number) {
    return this.db
      .select({
        revision: recordTypeLayouts.revision,
        createdAt: recordTypeLayouts.createdAt,
        createdBy: recordTypeLayouts.createdBy,
      })
      .from(recordTypeLayouts)
      .where(eq(recordTypeLayouts.recordTypeId, id))
      .orderBy(desc(recordTypeLayouts.revision))
  }

  async currentRevision(id: number): Promise<number | null> {
    const [{ latest }] = await this.db
      .select({ latest: max(recordTypeLayouts.revision) })
      .from(recordTypeLayouts)
      .where(eq(recordTypeLayouts.recordTypeId, id))
    return latest ?? null
  }

  private async currentRevisions(): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ id: recordTypeLayouts.recordTypeId, latest: max(recordTypeLayouts.revision) })
      .from(recordTypeLayouts)
      .groupBy(recordTypeLayouts.recordTypeId)
    return new Map(rows.map((r) => [r.id, r.latest ?? 0]))
  }

  private columns(input: RecordTypeWrite) {
    return {
      name: input.name.trim(),
      sensorTypeId: input.sensorTypeId,
      valueType: input.valueType ?? null,
      units: input.units,
      description: input.description ?? RECORD_TYPE_DESCRIPTION,
      // Issue #19: a client that does not know the policy (SPEC's own calls) leaves it as it is.
      ...(input.reviewPolicy ? { reviewPolicy: input.reviewPolicy } : {}),
    }
  }

  private toRecordType(
    row: RecordTypeRow,
    attributes: Attribute[],
    layoutRevision: number | null,
  ): RecordType {
    return {
      id: row.id,
      name: row.name,
      sensorTypeId: row.sensorTypeId,
      captureType: captureTypeOf(row.sensorTypeId),
      valueType: row.valueType,
      units: row.units,
      description: row.description,
      layoutRevision,
      reviewPolicy: row.reviewPolicy as ReviewPolicy,
      attributes,
    }
  }
}
