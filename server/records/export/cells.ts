/**
 * Turning record values into spreadsheet cells: numbers and dates keep their type (a date without a time
 * of day stays a day), and text stays exactly the record's text. Text a spreadsheet would run as a formula
 * is recognised here (`isFormulaLike`) and written by the sheet writer as a text cell in a quotePrefix
 * style (sheet-xml.ts `cellXml`), so an exported record can never execute anything when opened or edited.
 */

/**
 * Text a spreadsheet reads as a formula: its first character other than white space (spaces, tabs, CR,
 * LF) is = + - or @, or it starts with a tab or carriage return (OWASP's CSV-injection list).
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/
const NUMBER = /^-?\d+(\.\d+)?$/
const LEADING_ZERO = /^-?0\d/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** A calendar day without a time of day (a datepicker's 'YYYY-MM-DD'): a date cell shown dd/mm/yyyy. */
export class Day {
  constructor(readonly date: Date) {}
}

export type Cell = string | number | boolean | Date | Day | null

/** Whether a text would run as a formula in a spreadsheet (the writer then quotes its cell). */
export const isFormulaLike = (text: string): boolean => FORMULA_START.test(text)

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
  if (v instanceof Date || v instanceof Day) return v
  if (typeof v === 'string') {
    const text = v.trim()
    // A leading zero is part of an identifier (job 007, batch 000123): such text stays text.
    if (NUMBER.test(text) && text.length < 16 && !LEADING_ZERO.test(text)) return Number(text)
    if (ISO_DATE.test(text)) {
      const timed = /T/.test(text)
      const d = new Date(timed && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text)
      // 'YYYY-MM-DD' parses as that day's UTC midnight.
      if (!Number.isNaN(d.getTime())) return timed ? d : new Day(d)
    }
    return v
  }
  return textOf(v)
}
