import type { Mark } from './certificate-model'
import type { Thumbnail } from './certificate-images'
import { TextLines, lineWidth, rule } from './certificate-text'
import { BOLD, REGULAR } from './certificate-fonts'

/**
 * The certificate's page geometry and one table row (measured, then drawn): the parts
 * certificate-pdf.ts lays a certificate out with.
 */

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

/** A text without the control characters a PDF cannot hold. */
const withoutControls = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g, '')

/** The first `kept` characters of a text and how many were left out: '… (n more characters)'. */
const cut = (clean: string, kept: number) =>
  `${clean.slice(0, kept)}… (${clean.length - kept} more characters)`

/** Text a PDF can hold: control characters dropped, very long values cut with a note. */
export function printable(text: string): string {
  const clean = withoutControls(text)
  return clean.length > MAX_CELL ? cut(clean, MAX_CELL) : clean
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

/**
 * Whether a text fits one line of a column `w` wide (most cells): measured without wrapping, and
 * encoded once for drawing too (certificate-text.ts).
 */
export const oneLine = (doc: Doc, text: string, w: number) =>
  !text.includes('\n') && lineWidth(doc, text) <= w

/** A cell's text, cut to fit (see `fitted`), and whether it is one line (drawn without pdfkit's wrapper). */
interface Fitted {
  text: string
  single: boolean
}

/**
 * Cuts a text until it is at most `max` high in a column of `w` (a row never grows past a page), with
 * '… (n more characters)' saying how much of the value is not shown.
 */
function fitted(doc: Doc, text: string, w: number, max: number): Fitted {
  let out = printable(text)
  if (oneLine(doc, out, w)) return { text: out, single: true }
  // Cut until it fits, saying how much of the whole value was left out (as `printable` does).
  const clean = withoutControls(text)
  let kept = Math.min(clean.length, MAX_CELL)
  for (let h = doc.heightOfString(out, { width: w }); h > max; h = doc.heightOfString(out, { width: w })) {
    kept = Math.floor(kept * (max / h) * 0.9)
    out = cut(clean, kept)
  }
  return { text: out, single: false }
}

/**
 * One table row measured; `draw` writes it at `y` with a rule below. A text that fits one line is
 * measured once and written as a plain text line (certificate-text.ts), all of a row's lines in one
 * text object — most cells are short, and pdfkit's `text()` per cell was most of a certificate's time.
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
  const line = doc.currentLineHeight(true)
  let height = line
  texts.forEach((t, i) => {
    if (!t.single) height = Math.max(height, doc.heightOfString(t.text, { width: widths[i] - 6 }))
  })
  height += 6
  return {
    height,
    draw(y: number) {
      font()
      const lines = new TextLines(doc)
      let x = MARGIN
      texts.forEach(({ text, single }, i) => {
        const colour = options.colour?.[i] ?? '#111111'
        // An empty cell (a field's criterion and result) draws nothing.
        if (single) lines.add(text, x + 3, y + 3, colour)
        else if (text !== '') {
          // Written in order, so a text extractor reads the row left to right.
          lines.write()
          doc.fillColor(colour).text(text, x + 3, y + 3, { width: widths[i] - 6 })
        }
        x += widths[i]
      })
      lines.write()
      rule(doc, MARGIN, MARGIN + width(doc), y + height, '#cccccc', 0.5)
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
  const title = printable(text)
  doc.font(BOLD).fontSize(11)
  if (oneLine(doc, title, width(doc) - 80)) {
    const lines = new TextLines(doc).add(title, MARGIN, y, '#0b3d6e')
    // Right-aligned in the last 80 points, as pdfkit's `align: 'right'` places it.
    if (mark) lines.add(mark, MARGIN + width(doc) - lineWidth(doc, mark), y, COLOURS[mark])
    lines.write()
    doc.y = y + doc.currentLineHeight(true)
  } else {
    doc.fillColor('#0b3d6e').text(title, MARGIN, y, { width: width(doc) - 80 })
    if (mark)
      doc.fillColor(COLOURS[mark]).text(mark, MARGIN + width(doc) - 80, y, { width: 80, align: 'right' })
  }
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
