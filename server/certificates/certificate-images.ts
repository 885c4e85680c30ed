import { inflateSync } from 'node:zlib'
import { PNG } from 'pngjs'

/**
 * Uploaded images made ready for a certificate (issue #16): PNG and JPEG only, recognised by their bytes
 * (not by name or content type). A PNG is decoded here (pngjs, synchronously), scaled down to thumbnail
 * size and written again as a plain RGB PNG: the PDF gets a small image, and pdfkit never decodes an
 * upload itself (its PNG decoder inflates alpha and interlaced images in a callback that throws outside
 * any try, so a damaged upload would take the server down). A JPEG is checked (baseline or progressive
 * frame, 8 bits, grey/RGB/CMYK, a sane pixel count) and embedded as it is — pdfkit only reads its header.
 * Anything else answers why it cannot be shown; the certificate then lists the file by name.
 */

/** An image ready for pdfkit, at most THUMB_PX on its longer side (a JPEG keeps its own size). */
export interface Thumbnail {
  data: Buffer
  width: number
  height: number
}

/** Longer side of a PNG thumbnail in pixels: about 200 dpi at the certificate's thumbnail size. */
export const THUMB_PX = 480
/** Images larger than this many pixels are not decoded (a 40-megapixel PNG is 160 MB of RGBA). */
const MAX_PIXELS = 40_000_000

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const startsWith = (buf: Uint8Array, bytes: number[]) => bytes.every((b, i) => buf[i] === b)

/** What kind of image the bytes are, by their magic numbers. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | undefined {
  if (startsWith(bytes, PNG_MAGIC)) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return undefined
}

/** A PNG's size from its IHDR chunk, read before decoding anything. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Box-filter downscale of RGBA pixels onto white (alpha flattened), as RGB(A=255) pixels. */
function scaled(src: PNG, width: number, height: number): PNG {
  const out = new PNG({ width, height, colorType: 2, inputColorType: 6, inputHasAlpha: true })
  const sx = src.width / width
  const sy = src.height / height
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy)
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy))
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx)
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx))
      let r = 0
      let g = 0
      let b = 0
      let n = 0
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * src.width + xx) * 4
          const a = src.data[i + 3] / 255
          // Transparent parts read as the white of the page.
          r += src.data[i] * a + 255 * (1 - a)
          g += src.data[i + 1] * a + 255 * (1 - a)
          b += src.data[i + 2] * a + 255 * (1 - a)
          n++
        }
      const o = (y * width + x) * 4
      out.data[o] = Math.round(r / n)
      out.data[o + 1] = Math.round(g / n)
      out.data[o + 2] = Math.round(b / n)
      out.data[o + 3] = 255
    }
  }
  return out
}

/** Bits per pixel of each PNG colour type (times the bit depth). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/**
 * The PNG is whole: chunks within the file up to IEND, and (not interlaced) image data that inflates to
 * every row. pngjs decodes a cut-off file without complaint, as a partly blank picture.
 */
function checkPngComplete(bytes: Buffer, width: number, height: number): void {
  const idat: Buffer[] = []
  let pos = 8
  let ended = false
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos)
    const type = bytes.toString('latin1', pos + 4, pos + 8)
    if (pos + 12 + length > bytes.length) break
    if (type === 'IDAT') idat.push(bytes.subarray(pos + 8, pos + 8 + length))
    pos += 12 + length
    if (type === 'IEND') {
      ended = true
      break
    }
  }
  if (!ended || !idat.length) throw new Error('not a readable PNG')
  const depth = bytes[24]
  const interlaced = bytes[28] === 1
  if (interlaced) return
  const rowBytes = Math.ceil((width * (CHANNELS[bytes[25]] ?? 4) * depth) / 8)
  const expected = height * (1 + rowBytes)
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1024 })
  if (raw.length < expected) throw new Error('not a readable PNG')
}

function pngThumbnail(bytes: Buffer): Thumbnail {
  const size = pngSize(bytes)
  if (!size || size.width < 1 || size.height < 1) throw new Error('not a readable PNG')
  if (size.width * size.height > MAX_PIXELS) throw new Error('too large to show')
  checkPngComplete(bytes, size.width, size.height)
  const image = PNG.sync.read(bytes)
  const factor = Math.min(1, THUMB_PX / Math.max(image.width, image.height))
  const width = Math.max(1, Math.round(image.width * factor))
  const height = Math.max(1, Math.round(image.height * factor))
  const out = scaled(image, width, height)
  return { data: PNG.sync.write(out, { colorType: 2, inputHasAlpha: true }), width, height }
}

const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2])

/** The frame header of a JPEG (the markers pdfkit reads), checked to be one a PDF viewer can show. */
function jpegThumbnail(bytes: Buffer): Thumbnail {
  let pos = 2
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) throw new Error('not a readable JPEG')
    const marker = bytes[pos + 1]
    if (marker === 0xff) {
      pos++
      continue
    }
    const length = bytes.readUInt16BE(pos + 2)
    if (length < 2) throw new Error('not a readable JPEG')
    if (FRAME_MARKERS.has(marker)) {
      if (pos + 10 > bytes.length) break
      const bits = bytes[pos + 4]
      const height = bytes.readUInt16BE(pos + 5)
      const width = bytes.readUInt16BE(pos + 7)
      const channels = bytes[pos + 9]
      if (bits !== 8 || ![1, 3, 4].includes(channels) || width < 1 || height < 1)
        throw new Error('not a JPEG a PDF can show')
      if (width * height > MAX_PIXELS) throw new Error('too large to show')
      return { data: bytes, width, height }
    }
    if (
      marker === 0xda ||
      (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
    )
      break
    pos += 2 + length
  }
  throw new Error('not a readable JPEG')
}

/**
 * The thumbnail of an upload, or why it cannot be shown ('not an image' for anything but PNG/JPEG).
 * Never throws.
 */
export function thumbnailOf(bytes: Buffer): Thumbnail | { error: string } {
  try {
    const kind = imageKind(bytes)
    if (kind === 'png') return pngThumbnail(bytes)
    if (kind === 'jpeg') return jpegThumbnail(bytes)
    return { error: 'not an image' }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { error: /too large|PDF can show/.test(message) ? message : 'not a readable image' }
  }
}
