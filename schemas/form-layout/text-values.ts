import { FIXED_CHOICES, NA_TEXT, UNSET_RESULT, type TimespanUnit } from './constants'
import type { FormLayout } from './layout-schema'
import { valueControlsOf, type ValueControl } from './data-schema'
import { asNumber, evaluateTest, testTypeIssue } from './test-result'

/**
 * Reading a CSV row (text cells by variable, docs/csv-upload.md "Values") as the values the form would
 * have stored, so the row is validated with the layout's data schema like any submission. Text that
 * cannot be read is kept as it is: the schema then refuses it with a message naming the field. Values
 * that are not text (already typed) are kept too.
 */

const TRUE_TEXTS = new Set(['true', 'yes', 'y', '1', 'on'])
const FALSE_TEXTS = new Set(['false', 'no', 'n', '0', 'off'])
const PASS_TEXTS = new Set(['pass', 'passed', 'p'])
const FAIL_TEXTS = new Set(['fail', 'failed', 'f'])
const NA_TEXTS = new Set([NA_TEXT, 'na'])

/** ISO 8601 designator of each timespan unit; a bare number in a cell counts in the control's unit. */
const DURATION_OF: Record<TimespanUnit, (n: string) => string> = {
  seconds: (n) => `PT${n}S`,
  minutes: (n) => `PT${n}M`,
  hours: (n) => `PT${n}H`,
  days: (n) => `P${n}D`,
  weeks: (n) => `P${n}W`,
  months: (n) => `P${n}M`,
  years: (n) => `P${n}Y`,
}

const DAY_FIRST = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * A date cell as the ISO text the data schema takes: an ISO date or zoned date-time as is; DD/MM/YYYY,
 * DD-MM-YYYY (with an optional HH:mm[:ss]) and YYYY-MM-DD HH:mm[:ss] as UTC. Undefined when not a real date.
 */
export function isoDateOfText(text: string): string | undefined {
  if (ISO_DATE.test(text) || ISO_ZONED.test(text)) return text
  const dayFirst = DAY_FIRST.exec(text)
  const yearFirst = dayFirst ? null : YEAR_FIRST.exec(text)
  const parts = dayFirst
    ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6]]
    : yearFirst?.slice(1)
  if (!parts) return undefined
  const timed = parts[3] !== undefined
  const [y, mo, d, h, mi, s] = parts.map((v) => (v === undefined ? 0 : Number(v)))
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  const real =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  if (!real) return undefined
  const day = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`
  return timed ? `${day}T${pad(h)}:${pad(mi)}:${pad(s)}Z` : day
}

/** One cell read as `control` stores its value; `undefined` leaves the variable out of the record. */
export function valueFromText(control: ValueControl, cell: unknown): unknown {
  if (cell !== null && cell !== undefined && typeof cell !== 'string') return cell
  const text = (cell ?? '').trim()
  const lower = text.toLowerCase()
  if (text === '') {
    if (control.type === 'checkbox') return false
    // A group result left blank is worked out by nobody: leave it out rather than store an empty one.
    if (control.type === 'group') return undefined
    return null
  }
  switch (control.type) {
    case 'checkbox':
      return TRUE_TEXTS.has(lower) ? true : FALSE_TEXTS.has(lower) ? false : text
    case 'group':
      if (PASS_TEXTS.has(lower)) return 'Pass'
      if (FAIL_TEXTS.has(lower)) return 'Fail'
      if (NA_TEXTS.has(lower)) return NA_TEXT
      return text
    case 'datepicker':
      return isoDateOfText(text) ?? text
    case 'timespan':
      return /^\d+(\.\d+)?$/.test(text) ? DURATION_OF[control.unit ?? 'months'](text) : text.toUpperCase()
    case 'multiselect':
      return text
        .split(/\r?\n|;/)
        .map((item) => item.trim())
        .filter(Boolean)
    case 'testEquipment':
      return text
        .split(/[;,\s]+/)
        .filter(Boolean)
        .map((item) => (/^\d+$/.test(item) ? Number(item) : item))
    case 'testField': {
      if (testTypeIssue(control)) return text
      if (NA_TEXTS.has(lower)) return { value: null, passOrFail: NA_TEXT }
      if (text === UNSET_RESULT) return { value: null, passOrFail: UNSET_RESULT }
      if (control.testType !== 'numeric') {
        // A cell names a choice in any case ('pass' is the choice 'Pass'): the choice as the form offers it.
        const choices: readonly string[] =
          control.testType === 'selection' ? (control.choices ?? []) : FIXED_CHOICES[control.testType]
        const choice = choices.find((c) => c.toLowerCase() === lower) ?? text
        return { value: choice, passOrFail: evaluateTest(control, choice) }
      }
      const n = asNumber(text)
      return n === undefined ? text : { value: n, passOrFail: evaluateTest(control, n) }
    }
    default:
      return text
  }
}

/** Reads a row of text cells by variable as record data; see `textDataReader`. */
export type TextDataReader = (row: Readonly<Record<string, unknown>>) => Record<string, unknown>

/**
 * The reader of a layout's rows (made once per file): layout variables are read by their control kind,
 * other columns kept as text; absent variables stay absent.
 */
export function textDataReader(layout: Pick<FormLayout, 'controls'>): TextDataReader {
  const controls = new Map<string, ValueControl>()
  for (const control of valueControlsOf(layout))
    if (!controls.has(control.variable)) controls.set(control.variable, control)
  return (row) => {
    const out: Record<string, unknown> = {}
    for (const [variable, cell] of Object.entries(row)) {
      const control = controls.get(variable)
      const value = control ? valueFromText(control, cell) : cell
      if (value !== undefined) out[variable] = value
    }
    return out
  }
}
