import {
  eachControl,
  labelsByVariable,
  measuredResult,
  tablesOf,
  type FormLayout,
} from '../../../schemas/form-layout'
import { resultLabel, type RecordDetail } from '../../../schemas/records'
import { formatUtc } from '../../components/date-format'
import { capturedValueText, formatValue } from '../../components/record-values'
import { CATEGORY_LABELS } from './records-model'
import { MEASURED_WORDS } from './calibration-outcome'

/** The variables of a layout's groups. */
function groupVariables(layout: FormLayout): Set<string> {
  const out = new Set<string>()
  eachControl(layout.controls, (c) => {
    if (c.type === 'group' && c.variable) out.add(c.variable)
  })
  return out
}

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

/**
 * The lines of /Records/{id} (SPEC §2 "The record is shown as key/value lines"): what the record is,
 * then every captured value, labelled as the layout it was captured with labels it, in layout order.
 */
export function recordLines(
  record: RecordDetail,
  layout: FormLayout | null,
  /** A calibration's outcome line from its calibration history ('As found: PASS · As left: PASS'). */
  calibrationOutcome?: string,
): RecordLine[] {
  const line = (key: string, label: string, value: unknown): RecordLine => ({
    key,
    label,
    value: formatValue(value),
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
  if (record.category === 'calibration' && calibrationOutcome)
    head.push(line('calibrationOutcome', 'Result', calibrationOutcome))
  if (record.supplierName) head.push(line('supplierName', 'Supplier', record.supplierName))
  if (record.deviceOwnerName) head.push(line('deviceOwnerName', 'Device Owner', record.deviceOwnerName))
  if (record.jobNumber) head.push(line('jobNumber', 'Job No.', record.jobNumber))
  if (record.customerName) head.push(line('customerName', 'Customer', record.customerName))
  if (record.batchNumber) head.push(line('batchNumber', 'Batch No.', record.batchNumber))
  if (record.fileName) head.push(line('fileName', 'File', record.fileName))

  const labels = labelsByVariable(layout)
  const data = record.data as Record<string, unknown>
  const order = [...labels.keys(), ...Object.keys(data).filter((k) => !labels.has(k))]
  // Measurement tables (issue #14) are shown as tables of their own (record-tables.ts), not as lines.
  const tables = new Set(layout ? tablesOf(layout).map((t) => t.variable) : [])
  const captured = capturedValueText(record, layout)
  // A calibration's groups are measurements (issue #15.3, as on its certificate): one nothing was measured
  // in reads 'not measured', not the 'Fail' SPEC §4 stored for it.
  const measuredGroups =
    record.category === 'calibration' && layout ? groupVariables(layout) : new Set<string>()
  const valueOf = (k: string) =>
    layout && measuredGroups.has(k) ? MEASURED_WORDS[measuredResult(layout, k, data)] : captured(k, data[k])
  const values = order
    .filter((k) => k in data && !tables.has(k))
    .map((k) => ({ key: `data.${k}`, label: labels.get(k) ?? humanise(k), value: valueOf(k) }))
  return [...head, ...values]
}
