/**
 * Single lines of text written straight into a page's content stream, the same operators pdfkit's
 * `text()` writes for a line (its `_fragment`), without its per-call machinery: option copying, the
 * line wrapper, a graphics-state save and a colour change per cell. A certificate draws ~1,200 short
 * cells, and that machinery was most of its time (docs/performance.md). Only lines known to fit are
 * written here; anything that wraps still goes through pdfkit.
 */

type Doc = PDFKit.PDFDocument

/** A glyph position as pdfkit's embedded font gives it (in 1/1000 of the font size). */
interface Position {
  xAdvance: number
  yAdvance: number
  xOffset: number
  yOffset: number
  advanceWidth: number
}

/** The parts of pdfkit's EmbeddedFont used here (not in its typings). */
interface EmbeddedFont {
  id: string
  ascender: number
  ref(): unknown
  encode(text: string): [string[], Position[]]
}

/** pdfkit's number format (PDFObject.number): six decimals at most. */
const num = (n: number) => Math.round(n * 1e6) / 1e6

/** '#rrggbb' as the operands of `rg`, as pdfkit's fillColor writes them. */
const rgbCache = new Map<string, string>()
function rgb(colour: string): string {
  let out = rgbCache.get(colour)
  if (!out) {
    const hex = parseInt(colour.slice(1), 16)
    out = [hex >> 16, (hex >> 8) & 0xff, hex & 0xff].map((c) => num(c / 255)).join(' ')
    rgbCache.set(colour, out)
  }
  return out
}

/**
 * A horizontal rule from x1 to x2 at y (pdfkit's coordinates), in its own q/Q: what `moveTo`, `lineTo`,
 * `strokeColor`, `lineWidth` and `stroke` write, as one piece of content instead of five.
 */
export function rule(doc: Doc, x1: number, x2: number, y: number, colour: string, lineWidth: number) {
  doc.addContent(
    `q\n${rgb(colour)} RG\n${num(lineWidth)} w\n${num(x1)} ${num(y)} m\n${num(x2)} ${num(y)} l\nS\nQ`,
  )
}

/** The font pdfkit is set to (after `doc.font(name)`) and its size. */
function currentFont(doc: Doc): { font: EmbeddedFont; size: number } {
  const state = doc as unknown as { _font: EmbeddedFont; _fontSize: number }
  return { font: state._font, size: state._fontSize }
}

/** A line encoded for one document: its width in points and, without glyph offsets, its TJ operator. */
interface Encoded {
  width: number
  encoded: string[]
  positions: Position[]
  /** The whole line as one TJ operator (null when a glyph has an offset and needs its own Tm). */
  tj: string | null
}

/**
 * Lines each document has encoded, by font, size and text: a certificate repeats many cells ('PASS',
 * 'Yes', a unit's limits) and measures each before drawing it. Glyph ids belong to one document's
 * subset, so the cache is the document's; started afresh past LINES_KEPT lines, so a merged batch of
 * a thousand certificates (one document) does not keep every value it printed.
 */
const encodedLines = new WeakMap<Doc, Map<string, Encoded>>()
const LINES_KEPT = 5000

function encodeLine(doc: Doc, font: EmbeddedFont, size: number, text: string): Encoded {
  let lines = encodedLines.get(doc)
  if (!lines || lines.size >= LINES_KEPT) encodedLines.set(doc, (lines = new Map()))
  const key = `${font.id} ${size} ${text}`
  let line = lines.get(key)
  if (line) return line
  const [encoded, positions] = font.encode(text)
  let width = 0
  let offsets = false
  // pdfkit's TJ: runs of glyphs, each followed by the kerning that differs from the glyph's own advance.
  const parts: string[] = []
  let last = 0
  for (let i = 0; i < positions.length; i++) {
    const pos = positions[i]
    width += pos.xAdvance
    if (pos.xOffset || pos.yOffset) offsets = true
    const kern = pos.xAdvance - pos.advanceWidth
    if (kern !== 0 || i === positions.length - 1) {
      parts.push(`<${encoded.slice(last, i + 1).join('')}> ${num(-kern)}`)
      last = i + 1
    }
  }
  line = {
    width: (width * size) / 1000,
    encoded,
    positions,
    tj: offsets ? null : parts.length ? `[${parts.join(' ')}] TJ` : '',
  }
  lines.set(key, line)
  return line
}

/** The width of a line of `text` in the font and size set on `doc` (as pdfkit's widthOfString). */
export function lineWidth(doc: Doc, text: string): number {
  const { font, size } = currentFont(doc)
  return encodeLine(doc, font, size, text).width
}

/**
 * The operators of a line whose glyphs carry offsets (marks of Hebrew or Arabic): pdfkit's `_fragment`
 * loop, with a text matrix for each offset glyph.
 */
function offsetLine(line: Encoded, size: number, x: number, y: number, ops: string[]) {
  const { encoded, positions } = line
  const scale = size / 1000
  const commands: string[] = []
  let last = 0
  let hadOffset = false
  const segment = (cur: number) => {
    if (last < cur) {
      const advance = positions[cur - 1].xAdvance - positions[cur - 1].advanceWidth
      commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-advance)}`)
    }
    last = cur
  }
  const flush = (i: number) => {
    segment(i)
    if (commands.length) ops.push(`[${commands.join(' ')}] TJ`)
    commands.length = 0
  }
  let i = 0
  for (; i < positions.length; i++) {
    const pos = positions[i]
    if (pos.xOffset || pos.yOffset) {
      flush(i)
      ops.push(`1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm`)
      flush(i + 1)
      hadOffset = true
    } else {
      if (hadOffset) ops.push(`1 0 0 1 ${num(x)} ${num(y)} Tm`)
      hadOffset = false
      if (pos.xAdvance - pos.advanceWidth !== 0) segment(i + 1)
    }
    x += pos.xAdvance * scale
  }
  flush(i)
}

/**
 * Lines gathered for one text object (a table row, a heading), written with one `addContent` by
 * `write()`. Inside its own q/Q, so pdfkit's idea of the colour and font stays true afterwards.
 */
export class TextLines {
  private readonly ops: string[] = []
  private font = ''
  private colour = ''

  constructor(private readonly doc: Doc) {}

  /** A line of `text` whose top-left is (x, y) in pdfkit's coordinates, in the font set on `doc`. */
  add(text: string, x: number, y: number, colour: string): this {
    const single = text.replace(/\n/g, '')
    if (!single) return this
    const { font, size } = currentFont(this.doc)
    const fonts = (this.doc.page as unknown as { fonts: Record<string, unknown> }).fonts
    fonts[font.id] ??= font.ref()
    const tf = `/${font.id} ${num(size)} Tf`
    if (tf !== this.font) this.ops.push((this.font = tf))
    if (colour !== this.colour) this.ops.push(`${rgb((this.colour = colour))} rg`)
    const baseline = this.doc.page.height - y - (font.ascender / 1000) * size
    const line = encodeLine(this.doc, font, size, single)
    this.ops.push(`1 0 0 1 ${num(x)} ${num(baseline)} Tm`)
    if (line.tj === null) offsetLine(line, size, x, baseline, this.ops)
    else if (line.tj) this.ops.push(line.tj)
    return this
  }

  /** Writes the gathered lines into the page (nothing when there are none). */
  write(): void {
    if (!this.ops.length) return
    this.doc.addContent(`q\n1 0 0 -1 0 ${num(this.doc.page.height)} cm\nBT\n${this.ops.join('\n')}\nET\nQ`)
    this.ops.length = 0
    this.font = this.colour = ''
  }
}
