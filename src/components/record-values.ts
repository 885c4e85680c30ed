import {
  NA_TEXT,
  fromIsoDuration,
  naTestVariables,
  restoreNa,
  variableOf,
  walkControls,
  type Control,
  type FormLayout,
} from '../../schemas/form-layout'
import { CATEGORY_NAMES, resultLabel, type RecordDetail } from '../../schemas/records'
import { dateOfText } from '../../schemas/records/values'
import { formatUtc, formatUtcDay } from './date-format'

/**
 * A stored record's values as people read them: the record view's lines and tables, and the History
 * panel's before and after of a record (on /Records/{id} and the read-only data entry), one reading.
 */

const PASS_OR_FAIL: Record<string, string> = { Pass: 'Pass', Fail: 'Fail', '-': '-', 'n/a': 'n/a' }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Whether `text` is wholly an ISO date or timestamp of a day and time that exist: '2026-02-30' and
 * '2026-99-99' are not (Date would roll them over to another day), nor is a text that merely starts with
 * a date. The ISO form here; whether it exists, the one date parser says (`dateOfText`).
 */
export function isRealIsoDate(text: string): boolean {
  return ISO_DATE.test(text) && dateOfText(text) !== undefined
}

/**
 * A captured value as text: lists joined, test fields as 'value (Pass)' or 'n/a', booleans Yes/No, dates as
 * SPEC §9. `asText`: the value of a control that holds text, shown exactly as typed even when it looks like
 * a date (audit s9 F3, as on the certificate).
 */
export function formatValue(value: unknown, asText = false): string {
  if (value == null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') {
    if (asText || !isRealIsoDate(value)) return value
    // Timestamps as DD/MM/YYYY HH:mm (UTC), calendar dates as DD/MM/YYYY (SPEC §9).
    return (value.includes('T') ? formatUtc(value) : formatUtcDay(value)) || value
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(v, asText)).join(', ') : '—'
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    if ('passOrFail' in o) {
      const result = PASS_OR_FAIL[String(o.passOrFail)] ?? String(o.passOrFail ?? '')
      if (result === NA_TEXT) return NA_TEXT
      const shown = formatValue(o.value)
      return result && result !== '-' ? `${shown} (${result})` : shown
    }
    if ('full' in o && typeof o.full === 'string') return o.full
    if ('name' in o && typeof o.name === 'string') return o.name
    if ('originalFilename' in o && typeof o.originalFilename === 'string') return o.originalFilename
    return JSON.stringify(value)
  }
  return String(value)
}

/**
 * How a captured value of one variable reads on /Records/{id}: a timespan in its control's unit ('PT3H'
 * reads '3 hours'), test equipment ids as the serials the record's snapshot names, the text of a text
 * control exactly as typed, anything else by `formatValue`. The record's History panel shows its before
 * and after values the same way, so a change reads as the record does.
 */
export function capturedValueText(
  record: RecordDetail,
  layout: FormLayout | null,
): (variable: string, value: unknown) => string {
  const controls = controlsByVariable(layout)
  const serials = new Map((record.testEquipmentUsed ?? []).map((s) => [s.testEquipmentId, s.serialNumber]))
  return (variable, value) => {
    const control = controls.get(variable)
    if (control?.type === 'timespan' && control.unit && typeof value === 'string') {
      const amount = fromIsoDuration(value, control.unit)
      if (amount !== null) return `${amount} ${control.unit}`
    }
    // Test equipment ids as the serials of the record's snapshot (issue #15.2): 'EPN-TE:2', not '2'.
    if (control?.type === 'testEquipment' && Array.isArray(value))
      return formatValue(value.map((id) => (typeof id === 'number' ? (serials.get(id) ?? id) : id)))
    return formatValue(value, control?.type === 'singletext' || control?.type === 'multitext')
  }
}

/**
 * The History panel's reading of a record's fields (`data.<variable>` and the record's own columns),
 * as the record view shows them; undefined leaves a field to the panel's plain reading. A stored '-'
 * where the layout offers n/a reads 'n/a', as on the form (SPEC §9).
 */
export function recordHistoryValue(
  record: RecordDetail,
  layout: FormLayout | null,
): (field: string, value: unknown) => string | undefined {
  const captured = capturedValueText(record, layout)
  const naVariables = naTestVariables(controlsByVariable(layout).values())
  return (field, value) => {
    if (value === undefined) return undefined
    if (field.startsWith('data.')) {
      const variable = field.slice('data.'.length)
      return captured(variable, restoreNa(naVariables, { [variable]: value })[variable])
    }
    if (field === 'recordDate' && typeof value === 'string') return formatUtc(value) || value
    if (field === 'testResult') return resultLabel(value as RecordDetail['testResult'])
    if (field === 'category' && typeof value === 'string' && value in CATEGORY_NAMES)
      return CATEGORY_NAMES[value as keyof typeof CATEGORY_NAMES]
    return undefined
  }
}

/** A layout's controls by the variable they store (the first one, in document order), in one walk. */
function controlsByVariable(layout: FormLayout | null): Map<string, Control> {
  const controls = new Map<string, Control>()
  if (layout)
    for (const { control } of walkControls(layout.controls)) {
      const variable = variableOf(control)
      if (variable && !controls.has(variable)) controls.set(variable, control)
    }
  return controls
}
