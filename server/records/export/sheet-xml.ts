import { Day, isFormulaLike, type Cell } from './cells'

/**
 * The SpreadsheetML of the records export, written as text: the fixed parts of a one-sheet workbook and
 * the sheet's rows. Written by hand rather than through exceljs' row writer, which built a model object
 * per cell and cost 4–7× the time of reading the rows (docs/performance.md); the file is the same kind
 * exceljs wrote (and reads back): inline strings, dates as serial numbers with a date format, a bold
 * frozen header row with an autofilter. Formula-like text is written as it is, in a quotePrefix style:
 * the documented SpreadsheetML way to say "this is text" (Excel shows it without an apostrophe and never
 * evaluates it, not even when the cell is edited).
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships'

/**
 * Style ids (cellXfs indexes in STYLES_XML): plain; a date-time (dd/mm/yyyy hh:mm, SPEC §9); the bold
 * header; a day (dd/mm/yyyy); formula-like text (quotePrefix); a formula-like header (bold, quotePrefix).
 */
export const STYLE = { plain: 0, dateTime: 1, header: 2, date: 3, quoted: 4, headerQuoted: 5 } as const

/** A column of the sheet: its header, width, and whether it holds date-times shown as such. */
export interface SheetColumn {
  header: string
  width: number
  dateTime?: boolean
}

/** The column letters of a 1-based column number (1 → A, 27 → AA). */
export function columnLetters(column: number): string {
  let letters = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return letters
}

// Characters XML 1.0 cannot carry at all (controls other than tab, LF, CR; DEL, U+FFFE/FFFF and lone
// surrogates): dropped, as exceljs did, or the file would not open.
const INVALID =
  // eslint-disable-next-line no-control-regex -- these control characters are what must be found
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
// A carriage return is written as a character reference: a raw one would reach the reader as a line feed
// (XML normalises line ends), and the cell would no longer hold the record's text.
const SPECIAL = /[&<>\r]/g
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' }
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_WORK = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF\uFFFE\uFFFF]/

/** Text as XML character data. */
export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text
  return text.replace(INVALID, '').replace(SPECIAL, (c) => ENTITY[c])
}

/** Days since 1899-12-30 (the 1900 date system), as exceljs and Excel store date cells. */
export const excelSerial = (date: Date): number => 25569 + date.getTime() / 86_400_000

/**
 * One cell's XML, or '' for an empty cell. `ref` is its address (e.g. "C12"); `dateStyle` the style of
 * a date-time (a Date) in this column; a Day is always shown as a day (STYLE.date). Strings are inline
 * (`t="inlineStr"`), with xml:space="preserve" when leading or trailing white space must survive, and in
 * the quotePrefix style when a spreadsheet would read them as a formula (`isFormulaLike`).
 */
export function cellXml(ref: string, value: Cell, dateStyle: number): string {
  if (value === null || value === undefined) return ''
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : ''
    case 'boolean':
      return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`
    case 'string': {
      if (value === '') return ''
      const text = escapeXml(fitCell(value))
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''
      const style = isFormulaLike(value) ? ` s="${STYLE.quoted}"` : ''
      return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`
    }
    default: {
      const day = value instanceof Day
      const date = day ? value.date : value
      return Number.isNaN(date.getTime())
        ? ''
        : `<c r="${ref}" s="${day ? STYLE.date : dateStyle}"><v>${excelSerial(date)}</v></c>`
    }
  }
}

/** The most characters an Excel cell holds; a longer text makes Excel repair the workbook on opening. */
export const CELL_TEXT_MAX = 32_767

/**
 * A text as one cell holds it: whole when it fits, else its start and a note saying it was cut and how
 * long the record's value is — the export is a copy, and the record keeps all of it.
 */
export function fitCell(text: string): string {
  if (text.length <= CELL_TEXT_MAX) return text
  const note = ` … [cut here: the record holds ${text.length.toLocaleString('en')} characters]`
  let end = CELL_TEXT_MAX - note.length
  // Never split a character written as two UTF-16 units.
  if (/[\uD800-\uDBFF]/.test(text[end - 1])) end--
  return text.slice(0, end) + note
}

/** The worksheet up to and including its header row. */
export function sheetHead(columns: SheetColumn[]): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}"${c.dateTime ? ` style="${STYLE.dateTime}"` : ''} customWidth="1"/>`,
    )
    .join('')
  const header = columns
    .map((c, i) => {
      // A header is a variable or a file's column name: one a spreadsheet would run is quoted too.
      const style = isFormulaLike(c.header) ? STYLE.headerQuoted : STYLE.header
      return `<c r="${columnLetters(i + 1)}1" s="${style}" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`
    })
    .join('')
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  )
}

/** The worksheet after its last row: the header's autofilter and page margins. */
export function sheetTail(columnCount: number): string {
  return (
    `</sheetData><autoFilter ref="A1:${columnLetters(columnCount)}1"/>` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
  )
}

/** The fixed parts of the one-sheet workbook, by path in the archive. */
export function workbookParts(sheetName: string, columnCount: number): Record<string, string> {
  const name = escapeXml(sheetName)
  const filterRange = `'${name.replace(/'/g, "''")}'!$A$1:$${columnLetters(columnCount)}$1`
  return {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
      `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>` +
      // Excel keeps an autofilter's range in this hidden name; without it some versions drop the filter.
      `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${filterRange}</definedName></definedNames>` +
      '</workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': STYLES_XML,
  }
}

/**
 * The shared cell styles (STYLE): plain; a date-time (custom format dd/mm/yyyy hh:mm, SPEC §9 "Dates:
 * displayed DD/MM/YYYY HH:mm (UTC)"); the bold header; a day (custom dd/mm/yyyy — never the built-in
 * format 14, which is the reader's locale short date and hides the time); formula-like text and headers
 * (quotePrefix: text, shown as it is, never evaluated).
 */
const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/>' +
  '<numFmt numFmtId="165" formatCode="dd/mm/yyyy"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
