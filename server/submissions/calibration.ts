import { and, eq, sql } from 'drizzle-orm'
import type { FieldMappings, MappingField } from '../../schemas/form-layout/index'
import { matchSerial, RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest } from '../http-error'
import type { Db } from '../db/client'
import { calibrators, deviceOwnerLocations, deviceOwners } from '../db/schema/index'
import { DocumentsRepository } from '../documents/documents'
import { addFrequency, boolOf, idOrName, serialTextOf, textOf, valueOf } from './values'
import { assertDocumentUsable, documentRefs, type DocumentRef } from './document-refs'
import type { PreparedCalibration } from './types'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'

/** A calibrator or location named by id or by name (ignoring case). */
type IdOrName = NonNullable<ReturnType<typeof idOrName>>

/**
 * A calibration record's test-equipment side (DESIGN.md §5): the serial within one of the owner's test
 * equipment ranges and not another owner's item, the expiry from the frequency (none when skipped), and
 * the calibrator, location and certificate the mapped variables name. Reads only; a 400 names what is
 * wrong.
 */
export async function prepareCalibration(
  db: Db,
  ownerId: number,
  m: FieldMappings,
  data: Record<string, unknown>,
  date: Date,
  requiredText: (field: MappingField) => string,
): Promise<Omit<PreparedCalibration, 'asFound' | 'asLeft'>> {
  const match = await ownedSerial(db, ownerId, m, data)

  const skipped = boolOf(valueOf(data, m.skipCalibrationField))
  const frequencyVar = m.calibrationFrequencyField ?? 'frequency'
  const expires = skipped
    ? null
    : (addFrequency(date, valueOf(data, m.calibrationFrequencyField), frequencyVar) ?? null)

  const house = idOrName(valueOf(data, m.calibrationHouseField))
  // A skipped calibration has no calibrator; otherwise one is required.
  if (!house && !skipped) requiredText('calibrationHouseField')
  const calibratorId = house ? await calibratorIdOf(db, house) : null

  const location = idOrName(valueOf(data, m.locationField))
  const locationId = location ? await locationIdOf(db, ownerId, location) : null

  const [certificate] = documentRefs(valueOf(data, m.calibrationCertificateField))
  const certificateDocumentId = certificate ? await certificateIdOf(db, certificate) : null

  return {
    ownerId,
    prefix: match.prefix,
    value: match.value,
    locationId,
    assetTag: deviceText(data, m.assetTagField, ASSET_TAG_MAX),
    description: deviceText(data, m.assetDescriptionField, DEVICE_DESCRIPTION_MAX),
    skipped,
    expires,
    calibratorId,
    certificateDocumentId,
  }
}

/** The most characters a calibration writes as the device's asset tag and its description. */
export const ASSET_TAG_MAX = 200
export const DEVICE_DESCRIPTION_MAX = 2000

/**
 * A text the calibration writes onto its test equipment item (asset tag, description), bounded: the
 * item's list, labels and certificates show it, and record data has no length limit of its own.
 */
function deviceText(data: Record<string, unknown>, field: string | undefined, max: number) {
  const text = textOf(valueOf(data, field)) ?? null
  if (text !== null && [...text].length > max)
    throw badRequest(RECORD_MESSAGES.deviceTextTooLong(field ?? '', max))
  return text
}

/** The record's test-equipment serial: in one of the owner's ranges, and not an item of another owner. */
async function ownedSerial(db: Db, ownerId: number, m: FieldMappings, data: Record<string, unknown>) {
  const [owner] = await db.select().from(deviceOwners).where(eq(deviceOwners.id, ownerId))
  if (!owner) throw badRequest(`Device owner ${ownerId} does not exist`)
  const serialText = serialTextOf(valueOf(data, m.serialField))
  if (!serialText) throw badRequest(RECORD_MESSAGES.fieldRequired(m.serialField ?? 'serial'))
  const ranges = owner.testEquipmentSerialRanges.map((r) => ({ prefix: r.Prefix, min: r.Min, max: r.Max }))
  const match = matchSerial(serialText, ranges)
  if (!match) throw badRequest(RECORD_MESSAGES.testEquipmentSerialOutOfRange(serialText, owner.name))
  const existing = await new TestEquipmentRepository(db).rowBySerial(`${match.prefix}${match.value}`)
  if (existing && existing.ownerId !== ownerId)
    throw badRequest(RECORD_MESSAGES.testEquipmentOtherOwner(`${match.prefix}${match.value}`))
  return match
}

/** The calibrator the record names; a 400 when there is none such. */
async function calibratorIdOf(db: Db, house: IdOrName): Promise<number> {
  const [row] = await db
    .select({ id: calibrators.id })
    .from(calibrators)
    .where(
      house.id !== undefined
        ? eq(calibrators.id, house.id)
        : sql`lower(${calibrators.name}) = ${house.name!.toLowerCase()}`,
    )
  if (!row) throw badRequest(RECORD_MESSAGES.calibratorNotFound(house.name ?? String(house.id)))
  return row.id
}

/** The owner's location the record names (another owner's is not found); a 400 when there is none such. */
async function locationIdOf(db: Db, ownerId: number, location: IdOrName): Promise<number> {
  const [row] = await db
    .select({ id: deviceOwnerLocations.id })
    .from(deviceOwnerLocations)
    .where(
      and(
        eq(deviceOwnerLocations.ownerId, ownerId),
        location.id !== undefined
          ? eq(deviceOwnerLocations.id, location.id)
          : sql`lower(${deviceOwnerLocations.name}) = ${location.name!.toLowerCase()}`,
      ),
    )
  if (!row) throw badRequest(RECORD_MESSAGES.locationNotFound(location.name ?? String(location.id)))
  return row.id
}

/**
 * The stored certificate document the record names: a 400 when it was never uploaded, is not a PDF
 * (a certificate is a document, SPEC §3 and §5) or is described otherwise than it was stored.
 */
async function certificateIdOf(db: Db, certificate: DocumentRef): Promise<number> {
  const row = await new DocumentsRepository(db).describe(certificate.savedFilename)
  if (!row) throw badRequest(RECORD_MESSAGES.documentMissing(certificate.savedFilename))
  assertDocumentUsable(row, certificate, true)
  return row.id
}
