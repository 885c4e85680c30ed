import type { TimespanUnit } from './constants'
import { ISO_DURATION_PATTERN } from './value-schemas'

/**
 * Timespan values (SPEC §3, §5): a record stores an ISO 8601 duration; a technician types, and a record or
 * certificate shows, a number in the control's unit. Conversions between units use fixed lengths (a month
 * is 30 days, a year 365) because a stored duration has no calendar anchor. Here, not in runtime/, so the
 * server's certificate reads a duration the way the form writes it.
 */

/** Length of each unit in seconds. */
const SECONDS: Record<TimespanUnit, number> = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86_400,
  weeks: 7 * 86_400,
  months: 30 * 86_400,
  years: 365 * 86_400,
}

const DESIGNATOR: Record<TimespanUnit, { time: boolean; letter: string }> = {
  years: { time: false, letter: 'Y' },
  months: { time: false, letter: 'M' },
  weeks: { time: false, letter: 'W' },
  days: { time: false, letter: 'D' },
  hours: { time: true, letter: 'H' },
  minutes: { time: true, letter: 'M' },
  seconds: { time: true, letter: 'S' },
}

const isoDuration = new RegExp(ISO_DURATION_PATTERN)

/** 2.5 hours → 'PT2.5H'. Throws RangeError below 0 (SPEC §5: minimum 0) or for non-numbers. */
export function toIsoDuration(amount: number, unit: TimespanUnit): string {
  if (!Number.isFinite(amount) || amount < 0)
    throw new RangeError('A timespan must be a number of at least 0.')
  const { time, letter } = DESIGNATOR[unit]
  // Avoid exponent notation (1e-7), which ISO 8601 does not allow.
  // Ten decimals at most; a fraction below them is dropped with its point ('1.' is no ISO number).
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(10).replace(/\.?0+$/, '')
  return `P${time ? 'T' : ''}${text}${letter}`
}

/** Components of an ISO 8601 duration, or null when the text is not one. */
export function parseIsoDuration(text: string): Record<TimespanUnit, number> | null {
  const m = isoDuration.exec(text)
  if (!m) return null
  const n = (s: string | undefined) => (s ? parseFloat(s) : 0)
  return {
    years: n(m[1]),
    months: n(m[2]),
    weeks: n(m[3]),
    days: n(m[4]),
    hours: n(m[6]),
    minutes: n(m[7]),
    seconds: n(m[8]),
  }
}

/** A stored duration as a number of `unit`s, for the input box; null when the text is not a duration. */
export function fromIsoDuration(text: string, unit: TimespanUnit): number | null {
  const parts = parseIsoDuration(text)
  if (!parts) return null
  let seconds = 0
  for (const [name, value] of Object.entries(parts) as [TimespanUnit, number][])
    seconds += value * SECONDS[name]
  // Round away binary noise such as 0.30000000000000004 introduced by the unit factors.
  return Number((seconds / SECONDS[unit]).toPrecision(12))
}
