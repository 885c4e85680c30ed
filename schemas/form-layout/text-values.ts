import { NA_TEXT, UNSET_RESULT, type TimespanUnit } from './constants'
import type { FormLayout } from './layout-schema'
import { valueControlsOf } from './data-schema'
import type { ValueControl } from './field-schema'
import { asNumber, evaluateTest, testChoicesOf, testTypeIssue } from './test-result'
import type { TableControl, TableRow } from './table-schema'
import { finishTableRows, readTableCell } from './table-text-values'
import { booleanOfText, isoDateOfText, NA_WORDS, resultOfWord } from '../records/values'

/**
 * Reading a CSV row (text cells by variable, docs/csv-upload.md "Values") as the values the form would
 * have stored, so the row is validated with the layout's data schema like any submission. Text that
 * cannot be read is kept as it is: the schema then refuses it with a message naming the field. Values
 * that are not text (already typed) are kept too.
 */

/** A group result word as the form stores it. */
const GROUP_RESULT: Record<string, string> = { pass: 'Pass', fail: 'Fail', '-': NA_TEXT }

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
      return booleanOfText(lower) ?? text
    case 'group':
      return GROUP_RESULT[resultOfWord(lower) ?? ''] ?? text
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
    case 'calculated': {
      // The server recomputes it; a cell with another number is refused as a forged value.
      const n = asNumber(text)
      return n === undefined ? text : n
    }
    case 'testField': {
      if (testTypeIssue(control)) return text
      if (NA_WORDS.has(lower)) return { value: null, passOrFail: NA_TEXT }
      if (text === UNSET_RESULT) return { value: null, passOrFail: UNSET_RESULT }
      if (control.testType !== 'numeric') {
        // A cell names a choice in any case ('pass' is the choice 'Pass'): the choice as the form offers it.
        // Other text is kept as it is, and the data schema refuses it naming the answers (audit walk-csv #1).
        const choices = testChoicesOf(control) ?? []
        const choice = choices.find((c) => c.trim().toLowerCase() === lower) ?? text
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
  const tables = new Map<string, TableControl>()
  for (const control of valueControlsOf(layout)) {
    if (!controls.has(control.variable)) controls.set(control.variable, control)
    if (control.type === 'table' && !tables.has(control.variable)) tables.set(control.variable, control)
  }
  return (row) => {
    const out: Record<string, unknown> = {}
    const tableRows = new Map<string, TableRow[]>()
    for (const [variable, cell] of Object.entries(row)) {
      // A table cell (issue #14) is addressed as `variable[row].column`.
      if (tables.size && readTableCell(tables, tableRows, variable, cell, valueFromText)) continue
      const control = controls.get(variable)
      const value = control ? valueFromText(control, cell) : cell
      if (value !== undefined) out[variable] = value
    }
    for (const [variable, rows] of tableRows)
      out[variable] = finishTableRows(tables.get(variable) as TableControl, rows)
    return out
  }
}
