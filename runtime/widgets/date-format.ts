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
