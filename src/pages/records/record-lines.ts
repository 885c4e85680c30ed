import {
  NA_TEXT,
  fromIsoDuration,
  tablesOf,
  walkControls,
  variableOf,
  type FormLayout,
  type TimespanUnit,
} from '../../../schemas/form-layout'
import { resultLabel, type RecordDetail } from '../../../schemas/records'
import { dateOfText } from '../../../schemas/records/values'
import { formatUtc, formatUtcDay } from '../../components/date-format'
import { CATEGORY_LABELS } from './records-model'

/** One key/value line of /Records/{id}. */
export interface RecordLine {
  key: string
  label: string
  value: string
}

/** 'faultItems' → 'Fault items', 'serial_no' → 'Serial no': a readable name when no layout labels it. */
export function humanise(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  return words ? words[0].toUpperCase() + words.slice(1) : key
}

/** Labels by variable from a layout (its controls in document order). */
export function layoutLabels(layout: FormLayout | null): Map<string, string> {
  const labels = new Map<string, string>()
  if (!layout) return labels
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    const label = 'label' in control && typeof control.label === 'string' ? control.label.trim() : ''
    if (variable && label && !labels.has(variable)) labels.set(variable, label)
  }
  return labels
}

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
 * The lines of /Records/{id} (SPEC §2 "The record is shown as key/value lines"): what the record is,
 * then every captured value, labelled as the layout it was captured with labels it, in layout order.
 */
export function recordLines(record: RecordDetail, layout: FormLayout | null): RecordLine[] {
  const line = (key: string, label: string, value: unknown, asText = false): RecordLine => ({
    key,
    label,
    value: formatValue(value, asText),
  })
  const head: RecordLine[] = [
    line('recordId', 'Record ID', record.recordId),
    line('productSerialNumber', 'Serial', record.productSerialNumber),
    line('productTypeName', 'Product Type', record.productTypeName),
    line('recordTypeName', 'Record Type', record.recordTypeName),
    line('category', 'Category', record.category ? CATEGORY_LABELS[record.category] : null),
    line('recordDate', 'Date', formatUtc(record.recordDate)),
  ]
  if (record.category === 'test' || record.category == null)
    head.push(line('testResult', 'Result', resultLabel(record.testResult)))
  if (record.supplierName) head.push(line('supplierName', 'Supplier', record.supplierName))
  if (record.deviceOwnerName) head.push(line('deviceOwnerName', 'Device Owner', record.deviceOwnerName))
  if (record.jobNumber) head.push(line('jobNumber', 'Job No.', record.jobNumber))
  if (record.customerName) head.push(line('customerName', 'Customer', record.customerName))
  if (record.batchNumber) head.push(line('batchNumber', 'Batch No.', record.batchNumber))
  if (record.fileName) head.push(line('fileName', 'File', record.fileName))

  const labels = layoutLabels(layout)
  const data = record.data as Record<string, unknown>
  const order = [...labels.keys(), ...Object.keys(data).filter((k) => !labels.has(k))]
  const devices = equipmentSerials(record, layout)
  // Measurement tables (issue #14) are shown as tables of their own (record-tables.ts), not as lines.
  const tables = new Set(layout ? tablesOf(layout).map((t) => t.variable) : [])
  const texts = textVariables(layout)
  const durations = durationUnits(layout)
  const shown = (k: string) => {
    const unit = durations.get(k)
    const amount = unit && typeof data[k] === 'string' ? fromIsoDuration(data[k] as string, unit) : null
    // A timespan as typed, in its control's unit: 'PT3H' reads '3 hours'.
    return amount === null ? devices(k, data[k]) : `${amount} ${unit}`
  }
  const values = order
    .filter((k) => k in data && !tables.has(k))
    .map((k) => line(`data.${k}`, labels.get(k) ?? humanise(k), shown(k), texts.has(k)))
  return [...head, ...values]
}

/** The unit of each timespan control with one, by variable. */
function durationUnits(layout: FormLayout | null): Map<string, TimespanUnit> {
  const units = new Map<string, TimespanUnit>()
  if (layout)
    for (const { control } of walkControls(layout.controls))
      if (control.type === 'timespan' && control.unit) units.set(control.variable, control.unit)
  return units
}

/** The variables of controls where a user types text: their values are shown as typed. */
function textVariables(layout: FormLayout | null): Set<string> {
  const variables = new Set<string>()
  if (layout)
    for (const { control } of walkControls(layout.controls))
      if ((control.type === 'singletext' || control.type === 'multitext') && control.variable)
        variables.add(control.variable)
  return variables
}

/**
 * A testEquipment control's stored ids as the serials the record's snapshot names (issue #15.2), so the
 * line reads 'EPN-TE:2' rather than '2'; other values, and ids without a snapshot, stay as they are.
 */
function equipmentSerials(record: RecordDetail, layout: FormLayout | null) {
  const serials = new Map((record.testEquipmentUsed ?? []).map((s) => [s.testEquipmentId, s.serialNumber]))
  const variables = new Set<string>()
  if (layout)
    for (const { control } of walkControls(layout.controls))
      if (control.type === 'testEquipment') variables.add(control.variable)
  return (variable: string, value: unknown): unknown =>
    variables.has(variable) && Array.isArray(value)
      ? value.map((id) => (typeof id === 'number' ? (serials.get(id) ?? id) : id))
      : value
}
