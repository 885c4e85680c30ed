import type { TestEquipment } from '../../schemas/records'
import { WIDGET_MESSAGES } from './messages'

/** SPEC §4 "Calibration card" states. */
export type CalibrationState = 'noDevice' | 'notCalibrated' | 'skipped' | 'expired' | 'valid'

export interface CalibrationStatus {
  state: CalibrationState
  /** Bootstrap colour: danger for no device, warning for not calibrated or expired, success otherwise. */
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

/** The calibration card of one item (null: the device could not be found). */
export function calibrationStatus(item: TestEquipment | null, now: Date = new Date()): CalibrationStatus {
  const m = WIDGET_MESSAGES.calibration
  if (!item) return { state: 'noDevice', variant: 'danger', text: m.noDevice }
  const cal = item.latestCalibration
  if (cal?.skipped) return { state: 'skipped', variant: 'success', text: m.skipped }
  if (!cal || !cal.date || !cal.expires)
    return { state: 'notCalibrated', variant: 'warning', text: m.notCalibrated }
  const expires = new Date(cal.expires)
  if (expires <= now)
    return { state: 'expired', variant: 'warning', text: m.expired(formatSpan(expires, now)) }
  return { state: 'valid', variant: 'success', text: m.valid(formatSpan(now, expires)) }
}
