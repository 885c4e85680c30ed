import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest, conflict } from '../http-error'
import type { Db } from '../db/client'
import { testEquipment } from '../db/schema/index'
import { insertJson, rowsOf } from '../submissions/write/sql-batch'

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

/** The device with this full serial, ignoring case. */
async function rowBySerial(db: Db, full: string) {
  const [row] = await db
    .select({ id: testEquipment.id, ownerId: testEquipment.ownerId })
    .from(testEquipment)
    .where(sql`lower(${testEquipment.fullSerialNumber}) = ${full.toLowerCase()}`)
  return row
}

/**
 * Creates the item on first calibration, otherwise updates it with this calibration unless the item
 * already holds a newer one; returns its id. Safe against concurrent calibrations of the same device
 * (audit s8d D2, D3): each decision is taken by a statement on the current row, never on an earlier
 * read. A device that turns out to be another owner's is refused with a 400.
 */
export async function upsertFromCalibration(db: Db, input: TestEquipmentInput): Promise<number> {
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
  // D3: an older calibration submitted late must not replace a newer one. The date (and owner) test is
  // part of the UPDATE, so PostgreSQL re-evaluates it on the row a concurrent calibration left once its
  // lock is released; a test on an earlier read let an older date overwrite a newer one.
  const update = async () => {
    const [row] = await db
      .update(testEquipment)
      .set(values)
      .where(
        and(
          sql`lower(${testEquipment.fullSerialNumber}) = ${full.toLowerCase()}`,
          eq(testEquipment.ownerId, input.ownerId),
          or(
            isNull(testEquipment.calibrationDate),
            lte(testEquipment.calibrationDate, input.calibration.date),
          ),
        ),
      )
      .returning({ id: testEquipment.id })
    return row?.id
  }
  // Not updated: the device holds a newer calibration (kept as it is), or is another owner's.
  const kept = async () => {
    const row = await rowBySerial(db, full)
    if (row && row.ownerId !== input.ownerId) throw badRequest(RECORD_MESSAGES.testEquipmentOtherOwner(full))
    return row?.id
  }
  // D2: the first calibrations of a new device sent at once. The insert waits for a concurrent one on the
  // same serial (the unique index on lower(full serial)); once that commits it yields no row, and this
  // calibration updates the device instead of failing with a unique violation. Tried only after the
  // update, so a calibration of a known device costs no insert (nor a sequence number).
  const insert = async () => {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(
        insertJson(
          testEquipment,
          [
            {
              ownerId: input.ownerId,
              serialNumberPrefix: input.serialNumberPrefix,
              serialNumber: input.serialNumber,
              fullSerialNumber: full,
              ...values,
            },
          ],
          sql`ON CONFLICT (lower(full_serial_number)) DO NOTHING RETURNING id`,
        ),
      ),
    )
    return row ? Number(row.id) : undefined
  }
  const id = (await update()) ?? (await kept()) ?? (await insert()) ?? (await update()) ?? (await kept())
  // Unreachable while devices are never deleted: the insert conflicted with a device that is gone.
  if (id === undefined)
    throw conflict(`Test equipment ${full} changed while this calibration was stored; send it again.`)
  return id
}
