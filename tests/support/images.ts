import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'

/** A JPEG photo (480 × 320, baseline) for upload and certificate tests. */
export const SITE_PHOTO_JPEG = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'site-photo.jpg'))

/**
 * A PNG of `width` × `height`: a blue-to-green gradient with a half-transparent band, so a thumbnail
 * that kept its colours and flattened alpha onto white can be told from a broken one.
 */
export function testPng(width = 320, height = 200): Buffer {
  const image = new PNG({ width, height })
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      image.data[i] = 30
      image.data[i + 1] = Math.round((x / width) * 200)
      image.data[i + 2] = Math.round((1 - y / height) * 220)
      image.data[i + 3] = y > height / 3 && y < height / 2 ? 128 : 255
    }
  return PNG.sync.write(image)
}

/** How many image XObjects a PDF holds (object dictionaries are not compressed by pdfkit). */
export const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0
