import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { frequencySteps } from '../../schemas/records/calibration-frequency'
import {
  booleanOfText,
  dateOfText,
  dayText,
  inRecordDateRange,
  inTheFuture,
  RECORD_DATE_RANGE,
  recordDateText,
  resultOfWord,
  type TextDate,
} from '../../schemas/records/values'
import { badRequest } from '../http-error'

dayjs.extend(utc)

/**
 * Reading typed values out of a submission's `data` (form values by variable, or one CSV row of text).
 * Pure functions; each refuses a bad value with a 400 that names the variable and the value.
 */

type Data = Record<string, unknown>

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The value of `variable`: at the top level, or inside nested group objects when the form nests them. */
export function valueOf(data: Data, variable: string | undefined): unknown {
  if (!variable) return undefined
  if (variable in data) return data[variable]
  for (const value of Object.values(data)) {
    if (isObject(value) && !('passOrFail' in value)) {
      const found = valueOf(value, variable)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/** Text of a scalar, a {value}/{name}/{label} object; undefined when blank. */
export function textOf(v: unknown): string | undefined {
  if (v == null) return undefined
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim()
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (isObject(v)) {
    for (const key of ['value', 'name', 'label', 'id']) if (key in v) return textOf(v[key])
  }
  return undefined
}

/** A list (multiselect, multitext lines, a CSV cell with ; or line breaks) as one comma-separated text. */
export function listText(v: unknown): string | null {
  const items = Array.isArray(v)
    ? v.map(textOf)
    : typeof v === 'string'
      ? v.split(/\r?\n|;/).map((s) => s.trim())
      : [textOf(v)]
  const kept = items.filter((s): s is string => !!s)
  return kept.length ? kept.join(', ') : null
}

/**
 * A date value read once (schemas/records/values.ts `dateOfText`): the instant and whether a time was
 * given. A blank or unreadable value is a 400 naming the variable.
 */
export function readDate(v: unknown, variable: string): TextDate {
  const text = textOf(v)
  if (!text) throw badRequest(RECORD_MESSAGES.fieldRequired(variable))
  const read = dateOfText(text)
  if (!read) throw badRequest(RECORD_MESSAGES.badDate(variable, text))
  return read
}

/**
 * A record date: ISO 8601, or the SPEC's DD/MM/YYYY [HH:mm] and dd-MM-yyyy forms (taken as UTC), from
 * 01/01/1900 (RECORD_DATE_RANGE) to a day after `now` (RECORD_DATE_GRACE_MS); outside, a 400 naming the
 * variable and the value. Every submission path (a JSON record, a revision, an edit, a CSV row) reads its
 * mapped date here, so each says the same.
 */
export function parseDate(v: unknown, variable: string, now = Date.now()): Date {
  const read = readDate(v, variable)
  // Written back as DD/MM/YYYY: a CSV cell reaches here already turned into ISO text, which the user never wrote.
  if (!inRecordDateRange(read.date))
    throw badRequest(RECORD_MESSAGES.dateOutOfRange(variable, recordDateText(read)))
  if (inTheFuture(read.date, now))
    throw badRequest(RECORD_MESSAGES.dateInFuture(variable, recordDateText(read), dayText(new Date(now))))
  return read.date
}

/** A test result as stored: pass, fail or '-' (n/a and unset, SPEC §9). Test field values give their passOrFail. */
export function resultOf(v: unknown, variable: string): 'pass' | 'fail' | '-' {
  if (isObject(v) && 'passOrFail' in v) return resultOf(v.passOrFail, variable)
  if (v === true) return 'pass'
  if (v === false) return 'fail'
  const text = textOf(v)
  if (!text) return '-'
  const word = resultOfWord(text)
  if (word) return word
  // '-' is how n/a is stored; 'other' is a product's status for it.
  if (text === '-' || text.toLowerCase() === 'other') return '-'
  throw badRequest(RECORD_MESSAGES.badResult(variable, text))
}

/** A checkbox value (true, 'true', 'yes', '1', 'on'). */
export function boolOf(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  const text = textOf(v)
  return text !== undefined && booleanOfText(text) === true
}

/**
 * The date a calibration expires: date + frequency, the frequency an ISO 8601 duration (the timespan
 * control's value, e.g. P12M) or a bare number of months, counted in whole calendar months and days
 * (schemas/records/calibration-frequency.ts: P0.5Y is 6 months, P1.5Y 18, P2W 14 days). Undefined when
 * blank; a 400 naming the frequency when it does not come to whole months and days (P1.5M, P0.3Y,
 * P1.5D), when it is no duration, and when the sum is no date or lies past 31/12/9999 (P300000Y), never
 * a 500 and never an expiry that disagrees with the frequency.
 */
export function addFrequency(date: Date, v: unknown, variable: string): Date | undefined {
  const text = textOf(v)
  if (!text) return undefined
  const steps = frequencySteps(text)
  if (!steps) throw badRequest(RECORD_MESSAGES.badNumber(variable, text))
  // Too long first: the rounded-down steps are no longer than the frequency.
  const expires = dayjs.utc(date).add(steps.months, 'month').add(steps.days, 'day').toDate()
  const time = expires.getTime()
  if (!Number.isFinite(time) || time > RECORD_DATE_RANGE.latest)
    throw badRequest(RECORD_MESSAGES.frequencyOutOfRange(variable, text))
  if (!steps.whole) throw badRequest(RECORD_MESSAGES.frequencyNotWhole(variable, text))
  return expires
}

/** Serial text of a serial control: a string, a number, or the SPEC's {t, s} text form. */
export function serialTextOf(v: unknown): string | undefined {
  let value = v
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      value = JSON.parse(value)
    } catch {
      /* not the JSON form: plain text */
    }
  }
  if (isObject(value) && 's' in value) {
    const prefix = textOf(value.t) ?? ''
    const serial = textOf(value.s) ?? ''
    return serial ? `${prefix}${prefix && !prefix.endsWith(':') ? ':' : ''}${serial}` : undefined
  }
  return textOf(value)
}

/** Test equipment ids of a testEquipment control: numbers, numeric text or {id} objects. */
export function idsOf(v: unknown): number[] {
  const items = Array.isArray(v)
    ? v
    : v == null || v === ''
      ? []
      : typeof v === 'string'
        ? v.split(/[;,\s]+/)
        : [v]
  const ids: number[] = []
  for (const item of items) {
    const raw = isObject(item) ? item.id : item
    const n = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim())
    if (String(raw ?? '').trim() === '') continue
    if (!Number.isInteger(n) || n < 1) throw badRequest(RECORD_MESSAGES.testEquipmentNotFoundId(String(raw)))
    if (!ids.includes(n)) ids.push(n)
  }
  return ids
}

/** Lookup value of a dropdown: an id (number or numeric text) or a name. */
export function idOrName(v: unknown): { id?: number; name?: string } | undefined {
  if (isObject(v) && typeof v.id === 'number') return { id: v.id }
  const text = textOf(v)
  if (!text) return undefined
  return /^\d+$/.test(text) ? { id: Number(text), name: text } : { name: text }
}
