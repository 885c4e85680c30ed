import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Mark } from './certificate-model'
import type { Thumbnail } from './certificate-images'

/**
 * The certificate's page geometry, fonts and one table row (measured, then drawn): the parts
 * certificate-pdf.ts lays a certificate out with.
 */

const require = createRequire(import.meta.url)
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
// fontkit (pdfkit's own font engine) parses a font once here; pdfkit takes a parsed font as a source.
const fontkit = require('fontkit') as { create(buffer: Buffer): PDFKit.Mixins.PDFFontSource }

/** DejaVu covers Latin, Greek (Ω, µ), Cyrillic, Hebrew and Arabic letters and the symbols units use. */
export const REGULAR = 'DejaVuSans'
export const BOLD = 'DejaVuSans-Bold'

/**
 * The fonts, parsed once per process and registered on each document: parsing DejaVu's tables (and
 * shaping text with cold caches) was most of a certificate's time when every document read the files.
 * Each document still embeds its own subset.
 */
let parsed: Record<string, PDFKit.Mixins.PDFFontSource> | undefined

/**
 * Shaped words (pdfkit's per-font `layoutCache`: glyphs and positions of a word, scaled to the font's
 * units) shared by every document of the process: a batch of one record type shapes its labels once, not
 * once per certificate. A run is never changed after it is made (each document maps its glyphs into its
 * own subset when writing), so sharing it is safe. Started afresh every CACHE_DOCUMENTS documents so
 * the distinct values of many records do not pile up.
 */
const CACHE_DOCUMENTS = 500
let shaped: Record<string, Record<string, unknown>> = {}
let documents = 0

export function registerFonts(doc: PDFKit.PDFDocument): void {
  parsed ??= {
    [REGULAR]: fontkit.create(fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'))),
    [BOLD]: fontkit.create(fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'))),
  }
  if (++documents % CACHE_DOCUMENTS === 0) shaped = {}
  for (const [name, font] of Object.entries(parsed)) {
    doc.registerFont(name, font)
    // pdfkit's EmbeddedFont is created on first use; its cache is swapped for the shared one.
    doc.font(name)
    const embedded = (doc as unknown as { _font: { layoutCache?: Record<string, unknown> } })._font
    if (embedded.layoutCache) embedded.layoutCache = shaped[name] ??= Object.create(null)
  }
}

/** Paper of a certificate: A4 by default, Letter as a setting (CERTIFICATE_PAPER). */
export type Paper = 'A4' | 'LETTER'

export const MARGIN = 48
export const FOOTER = 40
export const COLOURS: Record<Mark, string> = {
  PASS: '#146c43',
  FAIL: '#b02a37',
  'N/A': '#555555',
  '': '#555555',
}
/** Longest text one cell keeps: a row never grows taller than a page. */
const MAX_CELL = 2000

/** Text a PDF can hold: control characters dropped, very long values cut with a note. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g, '')
  return clean.length > MAX_CELL
    ? `${clean.slice(0, MAX_CELL)}… (${clean.length - MAX_CELL} more characters)`
    : clean
}

export type Doc = PDFKit.PDFDocument

export const bottom = (doc: Doc) => doc.page.height - MARGIN - FOOTER
export const width = (doc: Doc) => doc.page.width - 2 * MARGIN

/** Starts a new page when `height` does not fit below the cursor; true when it did. */
export function ensure(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false
  doc.addPage()
  return true
}

/** Whether a text fits one line of a column `w` wide (most cells): measured without wrapping. */
const oneLine = (doc: Doc, text: string, w: number) => !text.includes('\n') && doc.widthOfString(text) <= w

/** Cuts a text until it is at most `max` high in a column of `w` (a row never grows past a page). */
function fitted(doc: Doc, text: string, w: number, max: number): string {
  let out = printable(text)
  if (oneLine(doc, out, w)) return out
  for (let h = doc.heightOfString(out, { width: w }); h > max; h = doc.heightOfString(out, { width: w }))
    out = `${out.slice(0, Math.floor(out.length * (max / h) * 0.9))}… (cut to fit the page)`
  return out
}

/**
 * One table row measured; `draw` writes it at `y` with a rule below. A text that fits one line is
 * measured and written without pdfkit's line wrapper — most cells are short, and wrapping every one
 * twice (measure, then draw) was most of a long certificate's time.
 */
export function cells(
  doc: Doc,
  raw: string[],
  widths: number[],
  options: { bold?: boolean; colour?: string[] } = {},
) {
  const font = () => doc.font(options.bold ? BOLD : REGULAR).fontSize(9)
  font()
  const max = (doc.page.height - 2 * MARGIN - FOOTER) / 2
  const texts = raw.map((t, i) => fitted(doc, t, widths[i] - 6, max))
  const single = texts.map((t, i) => oneLine(doc, t, widths[i] - 6))
  const line = doc.currentLineHeight(true)
  const height =
    Math.max(...texts.map((t, i) => (single[i] ? line : doc.heightOfString(t, { width: widths[i] - 6 })))) + 6
  return {
    height,
    draw(y: number) {
      font()
      let x = MARGIN
      texts.forEach((t, i) => {
        // An empty cell (a field's criterion and result) draws nothing: no text call for it.
        if (t === '') {
          x += widths[i]
          return
        }
        doc.fillColor(options.colour?.[i] ?? '#111111')
        if (single[i]) doc.text(t, x + 3, y + 3, { lineBreak: false })
        else doc.text(t, x + 3, y + 3, { width: widths[i] - 6 })
        x += widths[i]
      })
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width(doc), y + height)
        .strokeColor('#cccccc')
        .lineWidth(0.5)
        .stroke()
      doc.x = MARGIN
      doc.y = y + height
    },
  }
}

/** A section heading in the house colour, its result mark at the right. */
export function heading(doc: Doc, text: string, mark?: Mark) {
  ensure(doc, 60)
  doc.moveDown(0.4)
  const y = doc.y
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('#0b3d6e')
    .text(printable(text), MARGIN, y, { width: width(doc) - 80 })
  if (mark)
    doc.fillColor(COLOURS[mark]).text(mark, MARGIN + width(doc) - 80, y, { width: 80, align: 'right' })
  doc.x = MARGIN
  doc.moveDown(0.3)
}

/** Images each document has opened, by their bytes: the logo of a merged batch is embedded once. */
const opened = new WeakMap<Doc, Map<Buffer, PDFKit.Mixins.ImageSrc>>()

/** Draws an image inside a box (kept in proportion, centred); false when pdfkit cannot take it. */
export function placeImage(doc: Doc, image: Thumbnail, x: number, y: number, w: number, h: number): boolean {
  try {
    let images = opened.get(doc)
    if (!images) opened.set(doc, (images = new Map()))
    let src = images.get(image.data)
    if (!src) {
      // pdfkit's openImage is not in its typings; an opened image is drawn again without re-embedding.
      src = (doc as unknown as { openImage(d: Buffer): PDFKit.Mixins.ImageSrc }).openImage(image.data)
      images.set(image.data, src)
    }
    doc.image(src, x, y, { fit: [w, h], align: 'center', valign: 'center' })
    return true
  } catch {
    return false
  }
}
