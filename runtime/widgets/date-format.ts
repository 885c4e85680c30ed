import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'

dayjs.extend(customParseFormat)

/** SPEC §9: pickers show dates as dd-MM-yyyy; the record stores the ISO calendar date (format: date). */
export const PICKER_FORMAT = 'DD-MM-YYYY'
const ISO_DATE = 'YYYY-MM-DD'

/** '2024-03-07' → '07-03-2024'; '' for anything that is not an ISO date. */
export function toPickerText(iso: unknown): string {
  if (typeof iso !== 'string') return ''
  const d = dayjs(iso.slice(0, 10), ISO_DATE, true)
  return d.isValid() ? d.format(PICKER_FORMAT) : ''
}

/** '07-03-2024' (also 7-3-2024 and 07/03/2024) → '2024-03-07'; null when it is not a real date. */
export function fromPickerText(text: string): string | null {
  const trimmed = text.trim().replace(/[/.]/g, '-')
  const d = dayjs(trimmed, ['DD-MM-YYYY', 'D-M-YYYY'], true)
  return d.isValid() ? d.format(ISO_DATE) : null
}
