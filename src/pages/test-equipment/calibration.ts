import type { Row } from '@tanstack/react-table'
import {
  CALIBRATION_DUE_STATES,
  calibrationDueState,
  UNKNOWN_LOCATION,
  type CalibrationDueState,
  type TestEquipment,
} from '../../../schemas/records'

/** SPEC §2 Calibrated column: red cross, grey minus or green tick. */
export type CalibrationKind = 'never' | 'notRequired' | 'calibrated'

/** Never calibrated (no calibration, or one without a date), not required (skipped), or calibrated. */
export function calibrationKind(item: Pick<TestEquipment, 'latestCalibration'>): CalibrationKind {
  const cal = item.latestCalibration
  if (cal?.skipped) return 'notRequired'
  if (!cal?.date) return 'never'
  return 'calibrated'
}

const RANK: Record<CalibrationKind, number> = { never: 0, notRequired: 1, calibrated: 2 }

const expiryTime = (item: Pick<TestEquipment, 'latestCalibration'>): number => {
  const t = item.latestCalibration?.expires ? Date.parse(item.latestCalibration.expires) : NaN
  // A calibration without an expiry never runs out: after every dated one.
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t
}

/**
 * SPEC §2's custom calibration order: never calibrated first, then not required, then by expiry date
 * (soonest first). The grid reverses it for the descending direction.
 */
export function compareCalibration(
  a: Pick<TestEquipment, 'latestCalibration'>,
  b: Pick<TestEquipment, 'latestCalibration'>,
): number {
  const byKind = RANK[calibrationKind(a)] - RANK[calibrationKind(b)]
  if (byKind !== 0) return byKind
  const ea = expiryTime(a)
  const eb = expiryTime(b)
  return ea === eb ? 0 : ea < eb ? -1 : 1
}

/** {@link compareCalibration} as a @tanstack/react-table sorting function. */
export const calibrationSortingFn = (a: Row<TestEquipment>, b: Row<TestEquipment>): number =>
  compareCalibration(a.original, b.original)

/** The location's name, 'Unknown Location' when there is none (SPEC §3). */
export const locationName = (item: Pick<TestEquipment, 'location'>): string =>
  item.location?.name?.trim() || UNKNOWN_LOCATION

/** SPEC §9 serial prefix separator. */
export const SERIAL_SEPARATOR = ':'

/**
 * SPEC §3 QR payload: JSON with id, t (the serial prefix with its trailing separator removed) and s
 * (the serial value), e.g. {"id":3,"t":"TE","s":"1001"} for TE:1001.
 */
export function qrPayload(item: Pick<TestEquipment, 'id' | 'serialNumber' | 'serialNumberPrefix'>): string {
  const prefix = item.serialNumber.prefix || item.serialNumberPrefix || ''
  const t = prefix.endsWith(SERIAL_SEPARATOR) ? prefix.slice(0, -SERIAL_SEPARATOR.length) : prefix
  return JSON.stringify({ id: item.id, t, s: item.serialNumber.value })
}

/** The item's calibration standing today (issue #15.4), by the rule the reminder job uses. */
export const calibrationState = (
  item: Pick<TestEquipment, 'latestCalibration'>,
  now: Date,
  dueSoonDays: number,
): CalibrationDueState => calibrationDueState(item.latestCalibration, now, dueSoonDays)

/** `?status=` of /TestEquipment: one of the states, or null (all). */
export const statusFilterOf = (raw: string | null): CalibrationDueState | null =>
  CALIBRATION_DUE_STATES.find((s) => s === raw) ?? null
