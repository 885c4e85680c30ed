import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The certificate's fonts: DejaVu, parsed once per process, with what documents can share of it. */

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

/** The part of fontkit's subset pdfkit embeds: the glyphs it holds and its font program. */
interface Subset {
  glyphs: number[]
  encode(): Uint8Array
}

/**
 * Font programs of the subsets written so far, by font and glyph list (first use order, which decides
 * the subset's glyph ids): writing a subset (fontkit copies and re-encodes each glyph and the hinting
 * tables) cost ~10 ms a document, and the certificates of one record type mostly use the same glyphs
 * in the same order. The bytes are only read (pdfkit compresses a copy), so sharing them is safe.
 */
const SUBSETS_KEPT = 32
const subsets = new Map<string, Uint8Array>()

function cachedSubset(name: string, subset: Subset) {
  const encode = subset.encode.bind(subset)
  subset.encode = () => {
    // The key is taken before encoding: fontkit appends the parts of composite glyphs while it writes.
    const key = `${name}:${subset.glyphs.join(',')}`
    let bytes = subsets.get(key)
    if (!bytes) {
      bytes = encode()
      if (subsets.size >= SUBSETS_KEPT) subsets.delete(subsets.keys().next().value!)
      subsets.set(key, bytes)
    }
    return bytes
  }
}

/**
 * Glyphs every subset starts with, in this order. A subset's glyph order is the order of first use, and
 * the records of a batch differ mostly in digits (ids, serials, dates, readings), so fixing the digits'
 * places lets most certificates of a record type share one cached subset (a kilobyte more per file;
 * all of printable ASCII would be 15 KB more).
 */
const DIGITS = '0123456789'

/** The parsed fonts, read on first use. */
function fonts(): Record<string, PDFKit.Mixins.PDFFontSource> {
  parsed ??= {
    [REGULAR]: fontkit.create(fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'))),
    [BOLD]: fontkit.create(fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'))),
  }
  return parsed
}

/**
 * The characters of `text` a certificate cannot print (no glyph in its regular or bold font: CJK, control
 * characters), each once, in order of first use; control characters as U+XXXX. Empty when all print.
 */
export function unprintable(text: string): string[] {
  const faces = Object.values(fonts()) as unknown as { hasGlyphForCodePoint(cp: number): boolean }[]
  const found = new Set<string>()
  for (const char of text) {
    const cp = char.codePointAt(0)!
    if (cp === 0x20 || faces.every((f) => f.hasGlyphForCodePoint(cp))) continue
    found.add(
      cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : char,
    )
  }
  return [...found]
}

/** Registers DejaVu on a new document, with the process's parsed fonts, shaped words and subsets. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  fonts()
  if (++documents % CACHE_DOCUMENTS === 0) shaped = {}
  for (const [name, font] of Object.entries(parsed!)) {
    doc.registerFont(name, font)
    // pdfkit's EmbeddedFont is created on first use; its cache is swapped for the shared one.
    doc.font(name)
    const embedded = (
      doc as unknown as {
        _font: { layoutCache?: Record<string, unknown>; subset: Subset; encode(text: string): unknown }
      }
    )._font
    if (embedded.layoutCache) embedded.layoutCache = shaped[name] ??= Object.create(null)
    cachedSubset(name, embedded.subset)
    for (const digit of DIGITS) embedded.encode(digit)
  }
}
