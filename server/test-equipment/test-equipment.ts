import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  RECORD_MESSAGES,
  UNKNOWN_ASSET_TAG,
  UNKNOWN_LOCATION,
  type TestEquipment,
} from '../../schemas/records/index'
import { notFound } from '../http-error'
import {
  CalibrationHistory,
  calibrationsOf,
  readCalibrations,
  suspectKnown,
} from '../impact-cases/calibration-history'
import type { Db } from '../db/client'
import {
  calibrators,
  deviceOwnerLocations,
  deviceOwners,
  documents,
  productTestEquipment,
  products,
  recordTestEquipment,
  records,
  testEquipment,
} from '../db/schema/index'

/** What a calibration record writes onto a test-equipment item. */
export interface TestEquipmentInput {
  ownerId: number
  serialNumberPrefix: string
  serialNumber: string
  assetModelId?: number | null
  locationId: number | null
  assetTag: string | null
  description: string | null
  calibration: {
    skipped: boolean
    date: Date
    expires: Date | null
    calibratorId: number | null
    certificateDocumentId: number | null
  }
}

/** The full serial text of test equipment: the owner's prefix (ending with ':') plus the value. */
export const fullSerial = (prefix: string, value: string) => `${prefix}${value}`

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Test equipment (SPEC §3) in the answer shape of the {itr} calls. */
export class TestEquipmentRepository {
  constructor(private readonly db: Db) {}

  private async select(where: SQL | undefined): Promise<TestEquipment[]> {
    const rows = await this.db
      .select({
        te: testEquipment,
        ownerName: deviceOwners.name,
        locationName: deviceOwnerLocations.name,
        calibratorName: calibrators.name,
        certificate: documents.savedFilename,
        // Issue #15.3: every calibration, and whether the device can be suspect at all.
        calibrations: calibrationsOf(testEquipment.id),
        suspectKnown: suspectKnown(testEquipment.id),
      })
      .from(testEquipment)
      .innerJoin(deviceOwners, eq(deviceOwners.id, testEquipment.ownerId))
      .leftJoin(deviceOwnerLocations, eq(deviceOwnerLocations.id, testEquipment.locationId))
      .leftJoin(calibrators, eq(calibrators.id, testEquipment.calibratorId))
      .leftJoin(documents, eq(documents.id, testEquipment.certificateDocumentId))
      .where(where)
      .orderBy(asc(testEquipment.fullSerialNumber), asc(testEquipment.id))
    const flagged = rows.filter((r) => r.suspectKnown).map((r) => r.te.id)
    const periods = flagged.length ? await new CalibrationHistory(this.db).suspectPeriods(flagged) : new Map()
    return rows.map(({ te, ownerName, locationName, calibratorName, certificate, calibrations }) => ({
      id: te.id,
      serialNumberPrefix: te.serialNumberPrefix,
      serialNumber: { full: te.fullSerialNumber, prefix: te.serialNumberPrefix, value: te.serialNumber },
      description: te.description,
      location: te.locationId
        ? { id: te.locationId, name: locationName ?? UNKNOWN_LOCATION }
        : { id: null, name: UNKNOWN_LOCATION },
      owner: { id: te.ownerId, name: ownerName },
      assetTag: te.assetTag?.trim() ? te.assetTag : UNKNOWN_ASSET_TAG,
      productTypeId: te.assetModelId,
      // Never calibrated: no latest calibration (SPEC §2 red cross).
      latestCalibration:
        te.calibrationSkipped == null && te.calibrationDate == null
          ? null
          : {
              skipped: te.calibrationSkipped ?? false,
              date: iso(te.calibrationDate),
              expires: iso(te.calibrationExpires),
              calibrator: te.calibratorId ? { id: te.calibratorId, name: calibratorName ?? '' } : null,
              certificate: certificate ?? null,
            },
      calibrations: readCalibrations(calibrations),
      suspectPeriods: periods.get(te.id) ?? [],
    }))
  }

  /**
   * Every item, or for a supplier only the items used on its own products or records: test equipment
   * belongs to device owners, and a supplier has no business browsing an owner's whole inventory.
   */
  list(supplierId?: number): Promise<TestEquipment[]> {
    if (supplierId === undefined) return this.select(undefined)
    return this.select(
      or(
        inArray(
          testEquipment.id,
          this.db
            .select({ id: productTestEquipment.testEquipmentId })
            .from(productTestEquipment)
            .innerJoin(products, eq(products.id, productTestEquipment.productId))
            .where(eq(products.assetManufacturerId, supplierId)),
        ),
        inArray(
          testEquipment.id,
          this.db
            .select({ id: recordTestEquipment.testEquipmentId })
            .from(recordTestEquipment)
            .innerJoin(records, eq(records.id, recordTestEquipment.recordId))
            .where(eq(records.supplierId, supplierId)),
        ),
      ),
    )
  }

  /** Test equipment whose full serial (or, failing that, bare serial value) is `serial`, ignoring case. */
  async bySerial(serial: string): Promise<TestEquipment[]> {
    const text = serial.trim().toLowerCase()
    const full = await this.select(sql`lower(${testEquipment.fullSerialNumber}) = ${text}`)
    if (full.length) return full
    return this.select(sql`lower(${testEquipment.serialNumber}) = ${text}`)
  }

  async get(id: number): Promise<TestEquipment> {
    const [found] = await this.select(eq(testEquipment.id, id))
    if (!found) throw notFound(RECORD_MESSAGES.testEquipmentNotFoundId(id))
    return found
  }

  /** Test equipment a product was tested with. */
  async ofProduct(productId: number): Promise<TestEquipment[]> {
    return this.select(
      inArray(
        testEquipment.id,
        this.db
          .select({ id: productTestEquipment.testEquipmentId })
          .from(productTestEquipment)
          .where(eq(productTestEquipment.productId, productId)),
      ),
    )
  }

  /** The items of `ids` that exist, in the answer shape (with owner, calibrator and certificate). */
  byIds(ids: readonly number[]): Promise<TestEquipment[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.select(inArray(testEquipment.id, [...ids]))
  }

  /** Ids of `ids` that exist. */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.db
      .select({ id: testEquipment.id })
      .from(testEquipment)
      .where(inArray(testEquipment.id, [...ids]))
    return new Set(rows.map((r) => r.id))
  }

  /** The row with this full serial, ignoring case. */
  async rowBySerial(full: string) {
    const [row] = await this.db
      .select()
      .from(testEquipment)
      .where(sql`lower(${testEquipment.fullSerialNumber}) = ${full.toLowerCase()}`)
    return row
  }

  /** Creates the item on first calibration, otherwise updates it; returns its id. */
  async upsertFromCalibration(input: TestEquipmentInput): Promise<number> {
    const full = fullSerial(input.serialNumberPrefix, input.serialNumber)
    const values = {
      locationId: input.locationId,
      assetTag: input.assetTag,
      description: input.description,
      calibrationSkipped: input.calibration.skipped,
      calibrationDate: input.calibration.date,
      calibrationExpires: input.calibration.expires,
      calibratorId: input.calibration.calibratorId,
      certificateDocumentId: input.calibration.certificateDocumentId,
      ...(input.assetModelId ? { assetModelId: input.assetModelId } : {}),
    }
    const existing = await this.rowBySerial(full)
    if (existing) {
      // An older calibration submitted late must not replace a newer one.
      const newer = !existing.calibrationDate || existing.calibrationDate <= input.calibration.date
      if (newer) await this.db.update(testEquipment).set(values).where(eq(testEquipment.id, existing.id))
      return existing.id
    }
    const [row] = await this.db
      .insert(testEquipment)
      .values({
        ownerId: input.ownerId,
        serialNumberPrefix: input.serialNumberPrefix,
        serialNumber: input.serialNumber,
        fullSerialNumber: full,
        ...values,
      })
      .returning({ id: testEquipment.id })
    return row.id
  }

  /** Links test equipment to a product (idempotent). */
  async linkToProduct(productId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return
    await this.db
      .insert(productTestEquipment)
      .values(ids.map((testEquipmentId) => ({ productId, testEquipmentId })))
      .onConflictDoNothing()
  }
}
