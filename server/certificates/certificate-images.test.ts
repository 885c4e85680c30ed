import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { THUMB_PX, imageKind, thumbnailOf } from './certificate-images'

/** A PNG of `width` × `height` pixels, half transparent, optionally interlaced-free RGBA. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height })
  for (let i = 0; i < width * height; i++) image.data.set([200, 30, 30, i % 2 ? 255 : 0], i * 4)
  return PNG.sync.write(image)
}

/** The smallest JPEG header pdfkit and a viewer need: SOI, a baseline frame of 8 bits and 3 channels. */
const jpeg = (bits = 8, channels = 3) =>
  Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    bits,
    0x00,
    0x20,
    0x00,
    0x40,
    channels,
    1,
    0x11,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ])

describe('certificate thumbnails', () => {
  it('scales a PNG down to the thumbnail size as an opaque RGB PNG', () => {
    const thumb = thumbnailOf(png(1200, 600))
    if ('error' in thumb) throw new Error(thumb.error)
    expect([thumb.width, thumb.height]).toEqual([THUMB_PX, THUMB_PX / 2])
    const decoded = PNG.sync.read(thumb.data)
    expect(decoded.width).toBe(THUMB_PX)
    // Colour type 2 (RGB, no alpha): pdfkit embeds it without decoding anything itself.
    expect(thumb.data[25]).toBe(2)
  })

  it('keeps a small PNG at its size and a JPEG as it is', () => {
    const small = thumbnailOf(png(40, 20))
    expect('error' in small ? small : [small.width, small.height]).toEqual([40, 20])
    const j = thumbnailOf(jpeg())
    expect('error' in j ? j : [j.width, j.height, j.data.length]).toEqual([64, 32, jpeg().length])
    expect(imageKind(jpeg())).toBe('jpeg')
  })

  it('answers why instead of throwing: damaged, unsupported or not an image', () => {
    const damaged = png(100, 100)
    damaged.fill(0x41, 60)
    expect(thumbnailOf(damaged)).toEqual({ error: 'not a readable image' })
    for (const cut of [40, 80, 200])
      expect(thumbnailOf(png(100, 100).subarray(0, cut))).toEqual({ error: 'not a readable image' })
    expect(thumbnailOf(jpeg(12))).toEqual({ error: 'not a JPEG a PDF can show' })
    expect(thumbnailOf(jpeg(8, 2))).toEqual({ error: 'not a JPEG a PDF can show' })
    expect(thumbnailOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]))).toEqual({
      error: 'not a readable image',
    })
    expect(thumbnailOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      error: 'not an image',
    })
  })
})
