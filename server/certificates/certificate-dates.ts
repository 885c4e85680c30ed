import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)

/** SPEC §9 date format. */
export const formatDate = (iso: string | Date | null | undefined, withTime = true) =>
  iso ? dayjs.utc(iso).format(withTime ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY') : '—'
