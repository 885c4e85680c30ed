import {
  NA_TEXT,
  fromIsoDuration,
  limitUnknown,
  passChoiceOf,
  type Control,
  type TestColumn,
  type TestFieldControl,
  type TimespanControl,
} from '../../schemas/form-layout/index'
import { dateOfText } from '../../schemas/records/values'
import { formatDate } from './certificate-dates'
import type { Mark } from './certificate-model'

/**
 * How a certificate writes captured values (audit s9 F3): text exactly as stored, and only a datepicker's
 * value — when it is a real date — as a SPEC §9 date. A free text that merely looks like a date
 * ('2026-99-99', '2026-02-30T25:99 see note') used to be rewritten into another date or 'Invalid Date'.
 */

const MARKS: Record<string, Mark> = {
  Pass: 'PASS',
  Fail: 'FAIL',
  [NA_TEXT]: 'N/A',
  pass: 'PASS',
  fail: 'FAIL',
}

/** A result as the certificate marks it (PASS / FAIL / N/A), '' for none or unset. */
export const markOf = (result: unknown): Mark => MARKS[String(result)] ?? ''

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):?(\d{2}))?$/

/**
 * A datepicker's stored value as SPEC §9 shows it: an ISO calendar date as DD/MM/YYYY, an ISO date and
 * time as DD/MM/YYYY HH:mm (UTC); anything else — an impossible date, extra text — exactly as stored.
 */
export function dateText(value: string): string {
  // The ISO forms only (the pickers store them); whether the day and time exist, the one date parser says.
  const real = dateOfText(value) !== undefined
  if (DAY.test(value)) return real ? formatDate(value, false) : value
  const at = MOMENT.exec(value)
  if (!at) return value
  const [, , , , , , , , offH = '0', offM = '0'] = at
  return real && +offH <= 14 && +offM < 60 ? formatDate(value) : value
}

/**
 * Any captured value as text: lists joined, booleans Yes/No, documents by name, a datepicker's date as
 * SPEC §9 (`control` says which control holds it; without one, text is never read as a date).
 */
export function valueText(value: unknown, control?: Pick<Control, 'type'>): string {
  if (value == null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string' && control?.type === 'timespan')
    return durationText(value, control as TimespanControl)
  if (typeof value === 'string') return control?.type === 'datepicker' ? dateText(value) : value
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v, control)).join(', ') : '—'
  const o = value as Record<string, unknown>
  for (const key of ['full', 'originalFilename', 'name'])
    if (typeof o[key] === 'string') return o[key] as string
  if ('value' in o) return valueText(o.value, control)
  return JSON.stringify(value)
}

/**
 * A test's criterion as the certificate prints it, from the layout resolved with the record's own
 * parameters: a numeric range with its unit, or the passing choice. A limit naming a parameter the
 * record's product type did not set says so instead of reading 'No limits'.
 */
export function limitsOf(control: TestFieldControl | TestColumn, unit: string): string {
  const test = control as TestFieldControl
  if (test.testType !== 'numeric') return `Pass on "${passChoiceOf(test) ?? ''}"`
  const { min, max } = test
  if (limitUnknown(test)) {
    const unset = [min === undefined && test.minParam, max === undefined && test.maxParam]
    return `Limit not set (parameter ${unset.filter(Boolean).join(', ')})`
  }
  if (min !== undefined && max !== undefined) return `${min} to ${max}${unit}`
  if (min !== undefined) return `≥ ${min}${unit}`
  if (max !== undefined) return `≤ ${max}${unit}`
  return 'No limits'
}

/**
 * A stored ISO 8601 duration in its control's unit, as the technician typed it: 'PT3H' → '3' (the row adds
 * ' hours'), never 'PT3H hours'. A text that is no duration is printed as stored.
 */
function durationText(text: string, control: TimespanControl): string {
  const amount = control.unit ? fromIsoDuration(text, control.unit) : null
  return amount === null ? text : String(amount)
}
