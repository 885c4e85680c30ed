import type { TestEquipment } from '../../schemas/records'
import {
  calibrationInForce,
  calibrationStatusAt,
  startOfUtcDay,
  suspectOn,
  type CalibrationContext,
} from '../../schemas/records'
import { WIDGET_MESSAGES } from './messages'

/** SPEC §4 "Calibration card" states. */
export type CalibrationState = 'noDevice' | 'notCalibrated' | 'skipped' | 'expired' | 'valid' | 'suspect'

export interface CalibrationStatus {
  state: CalibrationState
  /** Bootstrap colour: danger for no device or suspect, warning for not calibrated or expired, else success. */
  variant: 'danger' | 'warning' | 'success'
  text: string
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * A span of time in its largest whole unit: '2 years', '1 month', '12 days', '3 hours', '5 minutes'.
 * Months are counted on the calendar, so 31 January to 28 February is 28 days, not a month.
 */
export function formatSpan(from: Date, to: Date): string {
  const [a, b] = from <= to ? [from, to] : [to, from]
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth())
  const shifted = new Date(a)
  shifted.setUTCMonth(a.getUTCMonth() + months)
  if (shifted > b) months--
  if (months >= 12) return plural(Math.floor(months / 12), 'year')
  if (months >= 1) return plural(months, 'month')
  const ms = b.getTime() - a.getTime()
  if (ms >= DAY) return plural(Math.floor(ms / DAY), 'day')
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), 'hour')
  return plural(Math.max(1, Math.floor(ms / MINUTE)), 'minute')
}

/**
 * The calibration card of one item (null: the device could not be found) at `at` — the record's date
 * when the form has one, else now. The state is `calibrationStatusAt` (schemas/records), the very
 * function the server's gate uses; spans count to the start of the expiry day, the first day the
 * device is expired.
 */
export function calibrationStatus(
  item: TestEquipment | null,
  at: Date = new Date(),
  context: CalibrationContext = {},
): CalibrationStatus {
  const m = WIDGET_MESSAGES.calibration
  if (!item) return { state: 'noDevice', variant: 'danger', text: m.noDevice }
  // The calibration in force at `at` (issue #15.3): a back-dated record is judged by the one it was made under.
  const cal = calibrationInForce(item, at)
  // Suspect at `at` when an impact case's window (issue #15.3) covers that day, unless the caller says.
  const status = calibrationStatusAt(cal, at, {
    suspect: context.suspect ?? suspectOn(item.suspectPeriods, at),
  })
  if (status === 'suspect') return { state: 'suspect', variant: 'danger', text: m.suspect }
  if (status === 'notRequired') return { state: 'skipped', variant: 'success', text: m.skipped }
  if (status === 'never' || !cal?.expires)
    return { state: 'notCalibrated', variant: 'warning', text: m.notCalibrated }
  const expiryDay = startOfUtcDay(new Date(cal.expires))
  if (status === 'expired')
    return { state: 'expired', variant: 'warning', text: m.expired(formatSpan(expiryDay, at)) }
  return { state: 'valid', variant: 'success', text: m.valid(formatSpan(at, expiryDay)) }
}
