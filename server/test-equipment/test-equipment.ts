import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  RECORD_MESSAGES,
  UNKNOWN_ASSET_TAG,
  UNKNOWN_LOCATION,
  type TestEquipment,
} from '../../schemas/records/index'
import { notFound } from '../http-error'
import { upsertFromCalibration, type TestEquipmentInput } from './calibration-upsert'
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

export { fullSerial, type TestEquipmentInput } from './calibration-upsert'

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

  /**
   * Creates the item on first calibration, otherwise updates it with this calibration unless the item
   * already holds a newer one; returns its id (safe against concurrent calibrations, see
   * calibration-upsert.ts).
   */
  upsertFromCalibration(input: TestEquipmentInput): Promise<number> {
    return upsertFromCalibration(this.db, input)
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
