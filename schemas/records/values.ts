import { NA_TEXT } from '../form-layout/constants'

/**
 * Reading the words and dates people type (CSV cells, mapped submission fields) — the one home for these
 * rules, used by the CSV reader (form-layout/text-values.ts) and the server's submission values alike, so
 * a date or a 'yes' is read the same wherever it arrives. Everything is case-insensitive.
 */

/** Checkbox and yes/no words. */
const TRUE_WORDS: ReadonlySet<string> = new Set(['true', 'yes', 'y', '1', 'on'])
const FALSE_WORDS: ReadonlySet<string> = new Set(['false', 'no', 'n', '0', 'off'])
/** Result words (SPEC §9: pass, fail and n/a). */
const PASS_WORDS: ReadonlySet<string> = new Set(['pass', 'passed', 'p'])
const FAIL_WORDS: ReadonlySet<string> = new Set(['fail', 'failed', 'f'])
export const NA_WORDS: ReadonlySet<string> = new Set([NA_TEXT, 'na'])

/** A yes/no word as a boolean; undefined for anything else. */
export function booleanOfText(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase()
  return TRUE_WORDS.has(lower) ? true : FALSE_WORDS.has(lower) ? false : undefined
}

/** A result word as stored (pass, fail, '-' for n/a); undefined for anything else. */
export function resultOfWord(text: string): 'pass' | 'fail' | '-' | undefined {
  const lower = text.trim().toLowerCase()
  if (PASS_WORDS.has(lower)) return 'pass'
  if (FAIL_WORDS.has(lower)) return 'fail'
  if (NA_WORDS.has(lower)) return '-'
  return undefined
}

/** A date read from text: the instant, and whether the text gave a time of day. */
export interface TextDate {
  date: Date
  timed: boolean
  /** The text named its time zone (ISO 8601 Z or ±hh:mm); otherwise it was read as UTC. */
  zoned: boolean
}

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?`
const ZONE = String.raw`(Z|[+-]\d{2}:?\d{2})?`
/** YYYY-MM-DD, optionally with a time after 'T' or a space, optionally zoned. */
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:[ T]${TIME}${ZONE})?$`, 'i')
/** D/M/YYYY or D-M-YYYY (one separator, used twice), optionally with a time: day first, as UTC. */
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?:[ T]${TIME})?$`, 'i')

/** Minutes east of UTC of an ISO 8601 zone designator. */
function zoneMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0
  const [, sign, h, m] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!
  return (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m))
}

/**
 * The one date-text parser. Accepts, day and month of one or two digits where the form is day first:
 * - `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±hh:mm]` and `YYYY-MM-DD HH:mm[:ss]`;
 * - `DD/MM/YYYY` and `DD-MM-YYYY` (SPEC §9 display and picker forms), each with an optional ` HH:mm[:ss]`.
 * A time without a zone is UTC. Every field must exist on the calendar and clock (31/02, 24:00 and
 * 12:60 are not dates): undefined for anything else.
 */
export function dateOfText(text: string): TextDate | undefined {
  const trimmed = text.trim()
  let fields: (string | undefined)[]
  let zone: string | undefined
  const yearFirst = YEAR_FIRST.exec(trimmed)
  if (yearFirst) {
    fields = yearFirst.slice(1, 8)
    zone = yearFirst[8]
  } else {
    const dayFirst = DAY_FIRST.exec(trimmed)
    if (!dayFirst) return undefined
    const [, d, , mo, y, ...time] = dayFirst
    fields = [y, mo, d, ...time]
  }
  const [y, mo, d, h, mi, s] = fields.slice(0, 6).map((v) => (v === undefined ? 0 : Number(v)))
  const fraction = fields[6] ? Number(`0.${fields[6]}`) * 1000 : 0
  // setUTCFullYear, not Date.UTC: years below 100 must not become 19xx.
  const date = new Date(0)
  date.setUTCFullYear(y, mo - 1, d)
  date.setUTCHours(h, mi, s, Math.floor(fraction))
  const real =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  if (!real) return undefined
  if (zone) date.setTime(date.getTime() - zoneMinutes(zone) * 60_000)
  return { date, timed: fields[3] !== undefined, zoned: !!zone }
}

/**
 * The dates a record may carry (docs/decisions.md "Calibration gate and snapshot → Dates in range"): from
 * 01/01/1900 (nothing before is a test or calibration date; years below 100 are also what a JavaScript
 * date reads as 19xx/20xx) to 31/12/9999 (what a four-digit ISO year holds), as instants in UTC.
 */
export const RECORD_DATE_RANGE = {
  earliest: Date.UTC(1900, 0, 1),
  latest: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
} as const

/**
 * How far past the server's clock a record date may lie (docs/decisions.md "Eleventh audit"): a record says
 * when its test, despatch, report or calibration was done, so a date in the future is a slip that would
 * make the record the product's latest. A day's grace, because a date without a time is midnight UTC of
 * the day the user picked, and in a zone ahead of UTC that day starts up to 14 hours before UTC's does.
 */
export const RECORD_DATE_GRACE_MS = 24 * 3600 * 1000

/** Whether `date` lies after `now` by more than RECORD_DATE_GRACE_MS. */
export const inTheFuture = (date: Date, now: number): boolean => date.getTime() > now + RECORD_DATE_GRACE_MS

/** Whether `date` lies in RECORD_DATE_RANGE. */
export function inRecordDateRange(date: Date): boolean {
  const time = date.getTime()
  return time >= RECORD_DATE_RANGE.earliest && time <= RECORD_DATE_RANGE.latest
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A day as the screens and messages write it (SPEC §9): DD/MM/YYYY, in UTC. */
export const dayText = (d: Date): string =>
  `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCFullYear(), 4)}`

/** A record date as it is written back to the user: DD/MM/YYYY, with HH:mm (UTC) when it has a time. */
export const recordDateText = ({ date, timed }: TextDate): string =>
  timed ? `${dayText(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : dayText(date)

/**
 * A date text as the ISO text the data schema takes: a plain or zoned ISO text as it is; other forms as
 * `YYYY-MM-DD` (no time) or `YYYY-MM-DDTHH:mm:ssZ`. Undefined when `dateOfText` does not read it.
 */
export function isoDateOfText(text: string): string | undefined {
  const read = dateOfText(text)
  if (!read) return undefined
  const trimmed = text.trim()
  if (!read.timed) {
    const d = read.date
    return /^\d{4}-/.test(trimmed)
      ? trimmed
      : `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  }
  if (read.zoned && /T/i.test(trimmed)) return trimmed
  return read.date.toISOString().replace(/\.000Z$/, 'Z')
}
