import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/** SPEC §9: dates are displayed DD/MM/YYYY HH:mm in UTC. */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY HH:mm'

/** An ISO timestamp as SPEC §9 displays it, or '' when there is none. */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = dayjs.utc(iso)
  return d.isValid() ? d.format(DISPLAY_DATE_FORMAT) : ''
}

/** A calendar date (DD/MM/YYYY, UTC) without the time, e.g. for expiry dates. */
export function formatUtcDay(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = dayjs.utc(iso)
  return d.isValid() ? d.format('DD/MM/YYYY') : ''
}
