import { eq, sql } from 'drizzle-orm'
import {
  RECORD_MESSAGES,
  type EquipmentSnapshot,
  type SubmissionResult,
} from '../../../schemas/records/index'
import type { Db } from '../../db/client'
import { recordDocuments, recordTestEquipment, records } from '../../db/schema/index'
import { lockProducts, refreshLockedSummaries } from '../../products/product-summaries'
import { refreshChains } from '../../reviews/chain'
import { TestEquipmentRepository } from '../../test-equipment/test-equipment'
import { ImpactAssessment, type WrittenRecordFacts } from '../../impact-cases/assessment'
import type { PreparedRecord } from '../types'
import { writeCustomers, writeProducts } from './product-writes'
import { recordColumns } from './record-columns'
import { insertRows, type StagingOptions } from './staged-insert'
import { insertWithIds } from './direct-copy'

const conflictFree = sql`ON CONFLICT DO NOTHING`

/** What writing one record produced. */
export interface WrittenRecord {
  recordId: number
  productId: number | null
  testEquipmentId: number | null
}

/** What the impact assessment (issue #15.3) needs of each stored record. */
function assessed(
  recordIds: readonly number[],
  prepared: readonly PreparedRecord[],
  equipment: readonly (number | null)[],
): WrittenRecordFacts[] {
  return recordIds.map((recordId, i) => {
    const p = prepared[i]
    const c = p.calibration
    const deviceId = equipment[i]
    return {
      recordId,
      recordDate: p.recordDate,
      testEquipmentIds: p.testEquipmentIds,
      calibration:
        c && deviceId !== null
          ? {
              testEquipmentId: deviceId,
              calibrationDate: p.recordDate,
              expires: c.expires,
              skipped: c.skipped,
              calibratorId: c.calibratorId,
              certificateDocumentId: c.certificateDocumentId,
              asFound: c.asFound,
              asLeft: c.asLeft,
            }
          : null,
    }
  })
}

/** The products this write created with several of its records: their chains need computing too. */
function createdWithChains(productIds: readonly (number | null)[], inserted: ReadonlySet<number>) {
  const seen = new Set<number>()
  const out = new Set<number>()
  for (const id of productIds) {
    if (id === null || !inserted.has(id)) continue
    if (seen.has(id)) out.add(id)
    seen.add(id)
  }
  return [...out]
}

/**
 * The one writer of records (a submission, a CSV file, the demo seed), in the caller's transaction.
 * Records are written in multi-row statements of 1,000 rows, so a single submission and 100,000 CSV rows
 * take the same path and leave the same rows as writing them one by one would: customers, products (and
 * parent links), test equipment of calibrations, links, documents and product summaries.
 */
export class RecordWriter {
  constructor(
    private readonly db: Db,
    private readonly staging: StagingOptions = {},
  ) {}

  /** Stores new records in order; answers their ids in the same order. */
  async writeAll(
    prepared: readonly PreparedRecord[],
    userId: number | null,
    jobId: number | null,
  ): Promise<WrittenRecord[]> {
    if (prepared.length === 0) return []
    const equipment = await this.calibrations(prepared)
    const customerIds = await writeCustomers(this.db, prepared)
    const { productIds, inserted } = await writeProducts(this.db, prepared, this.staging)
    const rows = prepared.map((p, i) => ({
      ...recordColumns(p, {
        customerId: p.customerName ? customerIds.get(p.customerName.trim().toLowerCase())! : null,
        testEquipmentId: equipment[i],
        productId: productIds[i],
      }),
      createdBy: userId,
      jobId,
    }))
    // From STAGE_MIN_ROWS rows, COPYed straight into records with ids reserved from their sequence.
    const recordIds = await insertWithIds(this.db, records, rows, this.staging)
    await this.link(recordIds, prepared, equipment)
    // Products inserted here already carry their summaries; stored ones (and one a concurrent writer
    // created first) get theirs from all their records, once locked (in id order: a CSV chunk locks many),
    // so a concurrent writer of the same product either committed before and is counted, or waits.
    const locked = await lockProducts(
      this.db,
      productIds.filter((id) => id !== null && !inserted.has(id)),
    )
    await refreshLockedSummaries(this.db, locked)
    // Issue #19.4: a new record of a product and record type supersedes the previous one, under the same
    // locks. A product this write created with one record has no chain to compute (its record was
    // inserted unsuperseded).
    await refreshChains(this.db, locked, createdWithChains(productIds, inserted))
    await new ImpactAssessment(this.db, userId).afterWrite(assessed(recordIds, prepared, equipment))
    return recordIds.map((recordId, i) => ({
      recordId,
      productId: productIds[i],
      testEquipmentId: equipment[i],
    }))
  }

  /** Stores one new record (a submission). */
  async write(
    p: PreparedRecord,
    userId: number | null,
    jobId: number | null = null,
  ): Promise<SubmissionResult> {
    const [written] = await this.writeAll([p], userId, jobId)
    return { ...written, message: RECORD_MESSAGES.uploadAccepted }
  }

  /** Replaces a stored record's content (Problem Report edits); both old and new product follow it. */
  async update(
    recordId: number,
    previousProductId: number | null,
    p: PreparedRecord,
    userId: number,
  ): Promise<SubmissionResult> {
    const [testEquipmentId] = await this.calibrations([p])
    const customerIds = await writeCustomers(this.db, [p])
    const [productId] = (await writeProducts(this.db, [p])).productIds
    const customerId = p.customerName ? customerIds.get(p.customerName.trim().toLowerCase())! : null
    await this.db
      .update(records)
      .set({
        ...recordColumns(p, { customerId, testEquipmentId, productId }),
        updatedBy: userId,
        updatedAt: new Date(),
        revision: sql`${records.revision} + 1`,
      })
      .where(eq(records.id, recordId))
    await this.db.delete(recordTestEquipment).where(eq(recordTestEquipment.recordId, recordId))
    await this.db.delete(recordDocuments).where(eq(recordDocuments.recordId, recordId))
    await this.link([recordId], [p], [testEquipmentId])
    const locked = await lockProducts(this.db, [productId, previousProductId])
    await refreshLockedSummaries(this.db, locked)
    await refreshChains(this.db, locked)
    await new ImpactAssessment(this.db, userId).afterWrite(
      assessed([recordId], [p], [testEquipmentId]),
      false,
    )
    return { recordId, productId, testEquipmentId, message: RECORD_MESSAGES.uploadAccepted }
  }

  /**
   * The test equipment each calibration record creates or updates (DESIGN.md §5), one by one in order:
   * a later calibration of the same device must see the earlier one. Null for other records.
   */
  private async calibrations(prepared: readonly PreparedRecord[]): Promise<(number | null)[]> {
    const repository = new TestEquipmentRepository(this.db)
    const ids: (number | null)[] = []
    for (const p of prepared) {
      const c = p.calibration
      ids.push(
        c &&
          (await repository.upsertFromCalibration({
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
          })),
      )
    }
    return ids
  }

  /** Each record's test equipment (with the device a calibration is about) and documents it holds. */
  private async link(
    recordIds: readonly number[],
    prepared: readonly PreparedRecord[],
    equipment: (number | null)[],
  ) {
    const equipmentLinks: {
      recordId: number
      testEquipmentId: number
      snapshot: EquipmentSnapshot | null
    }[] = []
    const documentLinks: { recordId: number; documentId: number }[] = []
    recordIds.forEach((recordId, i) => {
      // Each used device with what was true when it was used (issue #15.2); the device a calibration
      // record is about has no snapshot unless the record also lists it as used equipment.
      const snapshots = new Map(prepared[i].testEquipmentSnapshots.map((s) => [s.testEquipmentId, s]))
      const ids = new Set(prepared[i].testEquipmentIds)
      if (equipment[i] !== null) ids.add(equipment[i])
      for (const testEquipmentId of ids)
        equipmentLinks.push({ recordId, testEquipmentId, snapshot: snapshots.get(testEquipmentId) ?? null })
      for (const documentId of new Set(prepared[i].documentIds)) documentLinks.push({ recordId, documentId })
    })
    await insertRows(this.db, recordTestEquipment, equipmentLinks, conflictFree, this.staging.stageFromRows)
    await insertRows(this.db, recordDocuments, documentLinks, conflictFree, this.staging.stageFromRows)
  }
}
