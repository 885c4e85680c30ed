import type { RoleView } from '../roles'
import { RECORD_MESSAGES } from './messages'
import { dayText } from './values'

/**
 * A device's calibration at the moment a record used it (issue #15.1): one pure function that the
 * testEquipment widget (its card and gate) and the server (its gate and the record's frozen snapshot)
 * both call, so capture and save can never disagree about a device.
 */

/**
 * valid, 'Calibration not required' (skipped), expired, never calibrated, or suspect. `suspect` is only
 * ever answered when the caller says so (issue #15.3: a later as-found Fail calibration makes the device
 * suspect over a period); this module does not know calibration history.
 */
export type CalibrationStatus = 'valid' | 'notRequired' | 'expired' | 'never' | 'suspect'

/** The calibration a status is judged from: the device's latest one (SPEC §3 latestCalibration). */
export interface CalibrationFacts {
  skipped: boolean
  /** ISO 8601 or Date; null when unknown. */
  date: string | Date | null
  expires: string | Date | null
}

/**
 * The calibration in force at `at` (issue #15.3): of the device's calibrations (newest first), the newest
 * calibrated on or before that UTC day; null when it had none yet (never calibrated then). Without a
 * history (a device answered without one), its latest calibration, as before.
 */
export function calibrationInForce<C extends CalibrationFacts>(
  device: { latestCalibration: C | null; calibrations?: readonly C[] },
  at: Date,
): C | null {
  const latest = device.latestCalibration
  const history = device.calibrations
  const day = startOfUtcDay(at).getTime()
  const dayOf = (c: CalibrationFacts) => {
    const d = dateOf(c.date)
    return d ? startOfUtcDay(d).getTime() : Number.NEGATIVE_INFINITY
  }
  if (!history?.length || !latest || dayOf(latest) <= day) return latest
  return history.find((c) => dayOf(c) <= day) ?? null
}

/** Extra knowledge about the device at that moment; point 3 of issue #15 passes `suspect`. */
export interface CalibrationContext {
  /** The device is suspect at this moment (out of tolerance as found by a later calibration). */
  suspect?: boolean
}

const DAY = 86_400_000

/** Midnight UTC of the day `d` falls on (SPEC §9 shows dates in UTC). */
export const startOfUtcDay = (d: Date): Date => new Date(Math.floor(d.getTime() / DAY) * DAY)

const dateOf = (v: string | Date | null): Date | null => {
  if (v == null) return null
  const d = v instanceof Date ? v : new Date(v)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * The device's status at `at`. Days are whole UTC days: a device may be used up to and including the
 * day before its expiry date and is expired on that date (as 'Expires 01/03/2026' reads on the test
 * equipment list), whatever the time of day of the expiry or of the record — a record often carries a
 * date without a time. Suspect outranks every other state, because a device found out of tolerance
 * taints its results even inside its calibration period; 'not required' outranks never/expired.
 */
export function calibrationStatusAt(
  calibration: CalibrationFacts | null | undefined,
  at: Date,
  context: CalibrationContext = {},
): CalibrationStatus {
  if (context.suspect) return 'suspect'
  if (calibration?.skipped) return 'notRequired'
  const date = dateOf(calibration?.date ?? null)
  const expires = dateOf(calibration?.expires ?? null)
  if (!calibration || !date || !expires) return 'never'
  return startOfUtcDay(at) >= startOfUtcDay(expires) ? 'expired' : 'valid'
}

/** `calibrationPolicy` of a testEquipment control (issue #15.1); absent reads as the default. */
export type CalibrationPolicy = 'warn' | 'block'
export const CALIBRATION_POLICIES = ['warn', 'block'] as const
export const DEFAULT_CALIBRATION_POLICY: CalibrationPolicy = 'warn'

/** Statuses a `block` policy refuses without an override; a `warn` policy only shows the SPEC §4 card. */
const OUT_OF_CALIBRATION: ReadonlySet<CalibrationStatus> = new Set(['expired', 'never', 'suspect'])

/** What the gate does with a device: nothing, the warning card, or a refused save until overridden. */
export type CalibrationGate = 'ok' | 'warn' | 'block'

/** The gate of one status under one policy. */
export function calibrationGate(
  status: CalibrationStatus,
  policy: CalibrationPolicy | undefined,
): CalibrationGate {
  if (!OUT_OF_CALIBRATION.has(status)) return 'ok'
  return (policy ?? DEFAULT_CALIBRATION_POLICY) === 'block' ? 'block' : 'warn'
}

/** The stricter of two policies: a device used by a `block` control and a `warn` control is blocked. */
export const stricterPolicy = (a: CalibrationPolicy | undefined, b: CalibrationPolicy | undefined) =>
  a === 'block' || b === 'block' ? 'block' : 'warn'

/** Only configurators and admins may override a blocked device (issue #15.1); the server enforces it. */
export const mayOverrideCalibration = (view: RoleView): boolean =>
  view === 'viewAll' || view === 'configurator'

/** How a status reads in the record's snapshot table and in messages. */
export const CALIBRATION_STATUS_LABELS: Record<CalibrationStatus, string> = {
  valid: 'Valid',
  notRequired: 'Calibration not required',
  expired: 'Expired',
  never: 'Never calibrated',
  suspect: 'Suspect',
}

/**
 * The message of a device the gate blocks, naming it (the widget shows it on the card, the server
 * answers it with 400), e.g. 'Test equipment EPN-TE:5 cannot be used: its calibration expired on
 * 01/03/2026. …'.
 */
export function calibrationBlockedMessage(
  serial: string,
  status: CalibrationStatus,
  expires: string | Date | null | undefined,
): string {
  const why = RECORD_MESSAGES.calibrationWhy
  const expiry = dateOf(expires ?? null)
  const text =
    status === 'expired' && expiry
      ? why.expired(dayText(expiry))
      : status === 'suspect'
        ? why.suspect
        : why.never
  return RECORD_MESSAGES.calibrationBlocked(serial, text)
}

/*
 * Due reminders (issue #15.4): the list's and the reminder job's view of a device today. The same
 * day rule as the gate: `calibrationStatusAt` decides valid / expired / never / not required, and a
 * valid device whose expiry day is at most `dueSoonDays` days ahead is due soon.
 */

/** The lead time before expiry in which a device is 'Due soon', when nothing else is configured. */
export const DEFAULT_DUE_SOON_DAYS = 30
/** The longest lead time accepted (CALIBRATION_DUE_SOON_DAYS); 0 turns 'Due soon' off. */
export const MAX_DUE_SOON_DAYS = 366

/** A device's calibration standing on a day: the list's Calibrated column and status filter. */
export type CalibrationDueState = 'valid' | 'dueSoon' | 'expired' | 'never' | 'notRequired'

/** The status filter's order and texts on /TestEquipment. */
export const CALIBRATION_DUE_STATES: readonly CalibrationDueState[] = [
  'valid',
  'dueSoon',
  'expired',
  'never',
  'notRequired',
]
export const CALIBRATION_DUE_STATE_LABELS: Record<CalibrationDueState, string> = {
  valid: 'Calibrated',
  dueSoon: 'Due soon',
  expired: 'Expired',
  never: 'Never calibrated',
  notRequired: 'Calibration not required',
}

/**
 * Whole UTC days from the day of `at` to the expiry day: 1 the day before expiry, 0 on the expiry day
 * (expired), negative after it; null without an expiry.
 */
export function daysUntilExpiry(expires: string | Date | null | undefined, at: Date): number | null {
  const expiry = dateOf(expires ?? null)
  if (!expiry) return null
  return Math.round((startOfUtcDay(expiry).getTime() - startOfUtcDay(at).getTime()) / DAY)
}

/**
 * The device's standing at `at` with a lead time of `dueSoonDays`: 'dueSoon' from `dueSoonDays` days
 * before the expiry day through the day before it (with 30 days and an expiry on 31/03, from 01/03
 * through 30/03), 'expired' from the expiry day on (as the gate says), otherwise what
 * {@link calibrationStatusAt} says. A lead time of 0 never answers 'dueSoon'.
 */
export function calibrationDueState(
  calibration: CalibrationFacts | null | undefined,
  at: Date,
  dueSoonDays: number = DEFAULT_DUE_SOON_DAYS,
): CalibrationDueState {
  // No suspect context here: 'suspect' is #15.3's own marking, not a due date.
  const status = calibrationStatusAt(calibration, at)
  if (status === 'notRequired' || status === 'never' || status === 'expired') return status
  const days = daysUntilExpiry(calibration?.expires, at)
  return days !== null && days <= dueSoonDays ? 'dueSoon' : 'valid'
}
