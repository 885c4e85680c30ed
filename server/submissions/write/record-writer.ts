import { eq } from 'drizzle-orm'
import { NA_TEXT, UNSET_RESULT } from '../../../schemas/form-layout/index'
import { RECORD_MESSAGES, type SubmissionResult } from '../../../schemas/records/index'
import type { Db } from '../../db/client'
import { recordDocuments, recordTestEquipment, records } from '../../db/schema/index'
import { CustomersRepository } from '../../reference/customers'
import { ProductsRepository } from '../../products/products'
import type { PreparedRecord } from '../types'
import { TestEquipmentRepository } from '../../test-equipment/test-equipment'

/** n/a is stored as '-' (SPEC §9): test field results and plain 'n/a' results inside the data. */
export function normaliseNa(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseNa)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      out[key] = key === 'passOrFail' && v === NA_TEXT ? UNSET_RESULT : normaliseNa(v)
    }
    return out
  }
  return value
}

/** What a record row refers to, once its customer, test equipment and product exist. */
export interface RecordSide {
  customerId: number | null
  testEquipmentId: number | null
  productId: number | null
  serialNumberPrefix: string
  productSerialNumber: string
}

/** The `records` columns of a prepared record (shared by the one-record and the batched CSV writers). */
export function recordColumns(p: PreparedRecord, side: RecordSide) {
  return {
    recordTypeId: p.definition.id,
    category: p.definition.category,
    layoutVersion: p.definition.layoutRevision,
    productTypeId: p.productTypeId,
    supplierId: p.supplierId,
    deviceOwnerId: p.deviceOwnerId,
    customerId: side.customerId,
    productId: side.productId,
    testEquipmentId: side.testEquipmentId,
    serialNumberPrefix: side.serialNumberPrefix,
    productSerialNumber: side.productSerialNumber,
    recordDate: p.recordDate,
    testResult: p.testResult,
    jobNumber: p.jobNumber,
    batchNumber: p.batchNumber,
    faultItems: p.faultItems,
    repairItems: p.repairItems,
    faultDescriptives: p.faultDescriptives,
    repairDescriptives: p.repairDescriptives,
    data: normaliseNa(p.data) as Record<string, unknown>,
    fileName: p.fileName,
  }
}

/** Writes prepared records and their side effects (products, test equipment, links) in the caller's transaction. */
export class RecordWriter {
  private readonly products: ProductsRepository
  private readonly testEquipment: TestEquipmentRepository
  private readonly customers: CustomersRepository

  constructor(private readonly db: Db) {
    this.products = new ProductsRepository(db)
    this.testEquipment = new TestEquipmentRepository(db)
    this.customers = new CustomersRepository(db)
  }

  /** Customer, test equipment and products the record points at, created on first use. */
  private async sideEffects(p: PreparedRecord): Promise<RecordSide> {
    const customerId = p.customerName ? (await this.customers.findOrCreate(p.customerName)).id : null
    let testEquipmentId: number | null = null
    if (p.calibration) {
      const c = p.calibration
      testEquipmentId = await this.testEquipment.upsertFromCalibration({
        ownerId: c.ownerId,
        serialNumberPrefix: c.prefix,
        serialNumber: c.value,
        assetModelId: p.productTypeId,
        locationId: c.locationId,
        assetTag: c.assetTag,
        description: c.description,
        calibration: {
          skipped: c.skipped,
          date: p.recordDate,
          expires: c.expires,
          calibratorId: c.calibratorId,
          certificateDocumentId: c.certificateDocumentId,
        },
      })
    }
    let productId: number | null = null
    if (p.product) {
      const [parent] = p.parentSerial ? await this.products.bySerials([p.parentSerial]) : []
      const product = await this.products.findOrCreate({
        assetModelId: p.product.assetModelId,
        assetManufacturerId: p.supplierId,
        serialNumberPrefix: p.product.prefix,
        serialNumber: p.product.value,
        parentId: parent && parent.id !== undefined ? parent.id : null,
      })
      productId = product.id
      for (const component of p.components) {
        await this.products.findOrCreate({
          assetModelId: component.assetModelId,
          assetManufacturerId: p.supplierId,
          serialNumberPrefix: component.prefix,
          serialNumber: component.value,
          parentId: product.id,
        })
      }
      await this.testEquipment.linkToProduct(product.id, p.testEquipmentIds)
    }
    const serial = p.product ?? p.calibration
    return {
      customerId,
      testEquipmentId,
      productId,
      serialNumberPrefix: serial?.prefix ?? '',
      productSerialNumber: serial ? `${serial.prefix}${serial.value}` : '',
    }
  }

  /** The documents the record holds (record_documents: who may download a file follows from it). */
  private async linkDocuments(recordId: number, p: PreparedRecord) {
    if (p.documentIds.length)
      await this.db
        .insert(recordDocuments)
        .values(p.documentIds.map((documentId) => ({ recordId, documentId })))
        .onConflictDoNothing()
  }

  private async linkTestEquipment(recordId: number, p: PreparedRecord, testEquipmentId: number | null) {
    const ids = [...p.testEquipmentIds]
    if (testEquipmentId && !ids.includes(testEquipmentId)) ids.push(testEquipmentId)
    if (ids.length)
      await this.db
        .insert(recordTestEquipment)
        .values(ids.map((id) => ({ recordId, testEquipmentId: id })))
        .onConflictDoNothing()
  }

  /** Stores a new record. */
  async write(
    p: PreparedRecord,
    userId: number | null,
    jobId: number | null = null,
  ): Promise<SubmissionResult> {
    const side = await this.sideEffects(p)
    const [row] = await this.db
      .insert(records)
      .values({ ...recordColumns(p, side), createdBy: userId, jobId })
      .returning({ id: records.id })
    await this.linkTestEquipment(row.id, p, side.testEquipmentId)
    await this.linkDocuments(row.id, p)
    if (side.productId) await this.products.refreshSummary(side.productId)
    return {
      recordId: row.id,
      productId: side.productId,
      testEquipmentId: side.testEquipmentId,
      message: RECORD_MESSAGES.uploadAccepted,
    }
  }

  /** Replaces a stored record's content (Problem Report edits); both old and new product follow it. */
  async update(
    recordId: number,
    previousProductId: number | null,
    p: PreparedRecord,
    userId: number,
  ): Promise<SubmissionResult> {
    const side = await this.sideEffects(p)
    await this.db
      .update(records)
      .set({ ...recordColumns(p, side), updatedBy: userId, updatedAt: new Date() })
      .where(eq(records.id, recordId))
    await this.db.delete(recordTestEquipment).where(eq(recordTestEquipment.recordId, recordId))
    await this.linkTestEquipment(recordId, p, side.testEquipmentId)
    await this.db.delete(recordDocuments).where(eq(recordDocuments.recordId, recordId))
    await this.linkDocuments(recordId, p)
    if (side.productId) await this.products.refreshSummary(side.productId)
    if (previousProductId && previousProductId !== side.productId)
      await this.products.refreshSummary(previousProductId)
    return {
      recordId,
      productId: side.productId,
      testEquipmentId: side.testEquipmentId,
      message: RECORD_MESSAGES.uploadAccepted,
    }
  }
}
