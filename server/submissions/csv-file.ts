import Papa, { type ParseError } from 'papaparse'
import { RECORD_MESSAGES, type CsvRowError } from '../../schemas/records/index'
import { CSV_FILE_LIMIT_MB } from '../../schemas/records/submission'
import { badRequest, HttpError } from '../http-error'

/** One row of a CSV file and the line of the file it starts on (the header is line 1). */
export interface CsvLine {
  line: number
  cells: string[]
}

/** Fails on the first byte that is not UTF-8 instead of replacing it with U+FFFD (audit s8 #7). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
/** Only to locate a bad byte: the text before it decodes the same as with the strict decoder. */
const lossyUtf8 = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * An upload's `data` (strict base64, a data: URL prefix allowed) as text: at most CSV_FILE_LIMIT_MB, UTF-8 (docs/csv-upload.md "The
 * file"), without the byte order mark Excel's "CSV UTF-8" writes. Anything else is refused with 400 rather
 * than stored with replacement characters.
 */
export function decodeCsvFile(data: string): string {
  const body = data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body) || body.length === 0)
    throw badRequest(RECORD_MESSAGES.csvNotBase64)
  const bytes = Buffer.from(body, 'base64')
  // The SPA checks the same limit before sending; a caller past it learns the limit, not a generic 400.
  if (bytes.length > CSV_FILE_LIMIT_MB * 1024 * 1024)
    throw new HttpError(413, RECORD_MESSAGES.uploadTooLarge(CSV_FILE_LIMIT_MB))
  let text: string
  try {
    text = strictUtf8.decode(bytes)
  } catch {
    const { byte, line } = firstBadByte(bytes)
    throw badRequest(RECORD_MESSAGES.csvNotUtf8(byte, line))
  }
  return text.replace(/^\uFEFF/, '')
}

/**
 * The first byte of `bytes` that is not UTF-8, and its line. Runs only for a refused file: the lossy text
 * matches the bytes up to the first U+FFFD that the file does not spell out itself (EF BF BD).
 */
function firstBadByte(bytes: Uint8Array): { byte: number; line: number } {
  const lossy = lossyUtf8.decode(bytes)
  let offset = 0
  let from = 0
  for (let i = lossy.indexOf('\uFFFD'); i !== -1; i = lossy.indexOf('\uFFFD', i + 1)) {
    offset += Buffer.byteLength(lossy.slice(from, i))
    from = i + 1
    if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd) offset += 3
    else return { byte: bytes[offset], line: 1 + breaksIn(lossy, 0, i, lineBreakOf(lossy)) }
  }
  // Not reached: the strict decoder failed, so some U+FFFD stands for a bad byte.
  return { byte: bytes[0] ?? 0, line: 1 }
}

/** What ends a line: `\n` (LF and CRLF files) or, in a file without any, a lone `\r`. */
const lineBreakOf = (text: string) => (text.includes('\n') || !text.includes('\r') ? '\n' : '\r')

/** How many `br` lie in text[from, to). Scans forward only, so counting row after row reads the text once. */
function breaksIn(text: string, from: number, to: number, br: string): number {
  let n = 0
  for (let i = text.indexOf(br, from); i !== -1 && i < to; i = text.indexOf(br, i + 1)) n++
  return n
}

/** Whether some line ends in CRLF and another in a bare LF: one forward pass, stopping at the first mix. */
function mixedLineEnds(text: string): boolean {
  let crlf = false
  let lf = false
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (text.charCodeAt(i - 1) === 13) crlf = true
    else lf = true
    if (crlf && lf) return true
  }
  return false
}

/**
 * What a header read as one column seems to be separated by instead of commas (a spreadsheet saved with
 * its locale's list separator), to say so when its columns are not found; undefined otherwise.
 */
export function otherSeparatorOf(columns: readonly string[]): string | undefined {
  if (columns.length !== 1) return undefined
  if (columns[0].includes(';')) return 'semicolons'
  if (columns[0].includes('\t')) return 'tabs'
  return undefined
}

/** Papa's quote error codes, in words (several at one cell: the field runs on, then to the end). */
function quoteReason(codes: ReadonlySet<string>): string {
  if (codes.has('InvalidQuotes') && codes.has('MissingQuotes'))
    return RECORD_MESSAGES.csvQuoteTextAfterNotClosed
  return codes.has('MissingQuotes') ? RECORD_MESSAGES.csvQuoteNotClosed : RECORD_MESSAGES.csvQuoteTextAfter
}

/**
 * The file's rows, comma-separated (docs/csv-upload.md), each with the file line it starts on. A quoted
 * cell may hold line breaks, so when the file has more line breaks than row ends each row's line is
 * counted on from the breaks inside the previous row's cells: one pass, no rescans of the text. A file
 * whose quotes do not pair up is refused whole (400, a detail per badly quoted cell): Papa would otherwise
 * read on to a later quote and swallow the rows between (audit s8 #3).
 */
export function readCsvLines(text: string): CsvLine[] {
  // Lines ending in both CRLF and LF (rows appended by another tool): Papa takes the first line's break
  // for the whole file, and with CRLF first would read every LF row as one (audit s8c D6). Such a file is
  // read by LF, each row's CR before its LF dropped (it ends the line; it is no part of the last value).
  const mixed = mixedLineEnds(text)
  const { data, errors, meta } = Papa.parse<string[]>(text, {
    delimiter: ',',
    skipEmptyLines: false,
    ...(mixed ? { newline: '\n' as const } : {}),
  })
  if (mixed) for (const cells of data) cells[cells.length - 1] = cells[cells.length - 1].replace(/\r$/, '')
  const br = meta.linebreak === '\r' ? '\r' : '\n'
  const quoteErrors = errors.filter((e) => e.type === 'Quotes' && e.index !== undefined)
  if (quoteErrors.length) throw badQuotes(text, br, quoteErrors)
  // Every row but the last ends with one break; any other break is inside a quoted cell.
  if (breaksIn(text, 0, text.length, br) === data.length - 1)
    return data.map((cells, i) => ({ line: i + 1, cells }))
  let line = 1
  return data.map((cells) => {
    const row = { line, cells }
    line += 1
    for (const cell of cells) line += breaksIn(cell, 0, cell.length, br)
    return row
  })
}

/**
 * The 400 for badly quoted cells: one detail per cell (Papa reports a cell once per stray quote, at its
 * opening quote), with its line, counted forward through the text once.
 */
function badQuotes(text: string, br: string, errors: readonly ParseError[]) {
  const byCell = new Map<number, Set<string>>()
  for (const error of errors) {
    const index = error.index as number
    byCell.set(index, (byCell.get(index) ?? new Set<string>()).add(error.code))
  }
  let line = 1
  let from = 0
  const details: CsvRowError[] = [...byCell.keys()]
    .sort((a, b) => a - b)
    .map((index) => {
      line += breaksIn(text, from, index, br)
      from = index
      return { line, reason: quoteReason(byCell.get(index) as Set<string>) }
    })
  return badRequest(RECORD_MESSAGES.csvBadQuotes(details.length), details)
}
