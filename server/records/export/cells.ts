/**
 * Turning record values into spreadsheet cells: numbers and dates keep their type, and text that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) is neutralised with a
 * leading apostrophe, so an exported record can never execute anything when opened.
 */

const FORMULA_START = /^[=+\-@\t\r]/
const NUMBER = /^-?\d+(\.\d+)?$/
const LEADING_ZERO = /^-?0\d/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

export type Cell = string | number | boolean | Date | null

/** Text made safe for a cell. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Text of a nested value: document references by file name, lists joined, objects as JSON. */
function textOf(v: unknown): string {
  if (v == null) return ''
  if (Array.isArray(v)) return v.map(textOf).filter(Boolean).join(', ')
  if (isObject(v)) {
    if (typeof v.originalFilename === 'string') return v.originalFilename
    if (typeof v.name === 'string') return v.name
    if ('value' in v) return textOf(v.value)
    return JSON.stringify(v)
  }
  return String(v)
}

/** A cell for any record value. */
export function toCell(v: unknown): Cell {
  if (v == null || v === '') return null
  if (typeof v === 'number' || typeof v === 'boolean') return v
  if (v instanceof Date) return v
  if (typeof v === 'string') {
    const text = v.trim()
    // A leading zero is part of an identifier (job 007, batch 000123): such text stays text.
    if (NUMBER.test(text) && text.length < 16 && !LEADING_ZERO.test(text)) return Number(text)
    if (ISO_DATE.test(text)) {
      const d = new Date(/T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text)
      if (!Number.isNaN(d.getTime())) return d
    }
    return neutralise(v)
  }
  return neutralise(textOf(v))
}
