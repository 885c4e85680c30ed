import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'

dayjs.extend(customParseFormat)

/** SPEC §9: pickers show dates as dd-MM-yyyy; the record stores the ISO calendar date (format: date). */
export const PICKER_FORMAT = 'DD-MM-YYYY'
const ISO_DATE = 'YYYY-MM-DD'

/** A date-time's zone designator: 'Z' or an offset such as '+02:00' at its end. */
const ZONED = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i

/**
 * '2024-03-07' → '07-03-2024'; '' for anything that is not an ISO date. A moment sent by an API client with
 * its zone ('2026-11-30T00:30:00+02:00') shows its UTC day (29-11-2026), as the records grid, the record
 * page and the export show it (SPEC §9: dates in UTC); its first ten characters were the sender's day.
 */
export function toPickerText(iso: unknown): string {
  if (typeof iso !== 'string') return ''
  const text = iso.trim()
  const zoned = text.length > 10 && ZONED.test(text) ? new Date(text) : null
  const day = zoned && !Number.isNaN(zoned.getTime()) ? zoned.toISOString().slice(0, 10) : text.slice(0, 10)
  const d = dayjs(day, ISO_DATE, true)
  return d.isValid() ? d.format(PICKER_FORMAT) : ''
}

/** '07-03-2024' (also 7-3-2024 and 07/03/2024) → '2024-03-07'; null when it is not a real date. */
export function fromPickerText(text: string): string | null {
  const trimmed = text.trim().replace(/[/.]/g, '-')
  const d = dayjs(trimmed, ['DD-MM-YYYY', 'D-M-YYYY'], true)
  return d.isValid() ? d.format(ISO_DATE) : null
}

/** Shown under a date box while its text is not written dd-MM-yyyy (or is half typed). */
export const DATE_FORMAT_HINT = 'Enter the date as dd-MM-yyyy.'

/** Shown under a date box while its text is written dd-MM-yyyy but names no day, as 31-02-2026 does. */
export const notADate = (text: string) => `${text} is not a date.`

/** Text written as `fromPickerText` reads it (separators made '-'): day, month and four-digit year. */
const SHAPED = /^(\d{1,2})-(\d{1,2})-(\d{4})$/

/** Whether day/month/year name a day of the (proleptic Gregorian) calendar. */
function isCalendarDay(day: number, month: number, year: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  // Day 0 of the next month is this month's last; setUTCFullYear takes years below 100 as written.
  const last = new Date(0)
  last.setUTCFullYear(year, month, 0)
  return day <= last.getUTCDate()
}

/**
 * Why a date box's text is not a date, one rule for the record form's date field and the filters' DayText
 * (walk 14): null for empty text or a date; `notADate` for text in the format that names no day
 * ('31-02-2026', '00-13-2026'); else the format hint (half typed, a typo, '2026-02-28', '07-3-2026').
 */
export function dateTextProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '' || fromPickerText(trimmed) !== null) return null
  const shaped = SHAPED.exec(trimmed.replace(/[/.]/g, '-'))
  if (shaped && !isCalendarDay(Number(shaped[1]), Number(shaped[2]), Number(shaped[3])))
    return notADate(trimmed)
  return DATE_FORMAT_HINT
}
