import { ISO_DURATION_PATTERN } from '../form-layout/value-schemas'

/**
 * A calibration frequency as the calendar steps its expiry is counted in (docs/decisions.md "Calibration
 * gate and snapshot → Frequency in whole months and days"): the expiry is the calibration date plus whole
 * months plus whole days, so it always equals the stated duration. A fraction is converted exactly where
 * it comes to whole units — years to months (×12), weeks to days (×7), hours, minutes and seconds to days
 * — and a frequency that does not come to whole months and whole days (P1.5M, P0.3Y, P1.5D, PT12H) has no
 * such expiry: a month has no fixed number of days, and an expiry is a day (decisions "Days, not
 * instants"). Pure; the server's addFrequency is its consumer.
 */

/**
 * The calendar months and days of a frequency, each rounded down, and whether it came to whole months and
 * days exactly (when not, it has no expiry; the rounded-down steps still tell a frequency too long for
 * any expiry date, which is refused as that).
 */
export interface FrequencySteps {
  months: number
  days: number
  whole: boolean
}

const DURATION = new RegExp(ISO_DURATION_PATTERN)
/** A bare number counts months (a CSV cell of the timespan control, docs/csv-upload.md). */
const BARE_MONTHS = /^\d+(?:\.\d+)?$/

/** A decimal text ('1.25') as an exact fraction: numerator / 10^scale. */
function decimalOf(text: string | undefined): { n: bigint; scale: number } {
  if (!text) return { n: 0n, scale: 0 }
  const [whole, fraction = ''] = text.split('.')
  return { n: BigInt(whole + fraction), scale: fraction.length }
}

/**
 * Σ value × weight over `terms`, divided by `per`: rounded down, and whether it is a whole number. Weights
 * and `per` are whole numbers of the smallest unit (seconds for days), so the sum is exact.
 */
function sumOf(terms: [string | undefined, bigint][], per: bigint): { value: number; whole: boolean } {
  const parts = terms.map(([text, weight]) => ({ ...decimalOf(text), weight }))
  const scale = Math.max(0, ...parts.map((p) => p.scale))
  const total = parts.reduce((sum, p) => sum + p.n * p.weight * 10n ** BigInt(scale - p.scale), 0n)
  const divisor = per * 10n ** BigInt(scale)
  return { value: Number(total / divisor), whole: total % divisor === 0n }
}

/**
 * The months and days of a frequency text (an ISO 8601 duration such as P12M or P0.5Y, or a bare number
 * of months); undefined when it is no duration at all.
 */
export function frequencySteps(text: string): FrequencySteps | undefined {
  const trimmed = text.trim().toUpperCase()
  const match = BARE_MONTHS.test(trimmed) ? [trimmed, undefined, trimmed] : DURATION.exec(trimmed)
  if (!match) return undefined
  const [, y, mo, w, d, , h, mi, s] = match.map((part) => part?.replace(/[A-Z]$/, ''))
  const months = sumOf(
    [
      [y, 12n],
      [mo, 1n],
    ],
    1n,
  )
  const days = sumOf(
    [
      [w, 7n * 86_400n],
      [d, 86_400n],
      [h, 3_600n],
      [mi, 60n],
      [s, 1n],
    ],
    86_400n,
  )
  return { months: months.value, days: days.value, whole: months.whole && days.whole }
}
