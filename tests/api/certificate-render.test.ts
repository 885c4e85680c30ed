import { PNG } from 'pngjs'
import { afterAll, describe, expect, it } from 'vitest'
import { pdfText } from '../support/pdf-text'
import type { CertificateModel } from '../../server/certificates/certificate-model'
import { certificatePdf } from '../../server/certificates/certificate-pdf'
import { thumbnailOf, type Thumbnail } from '../../server/certificates/certificate-images'
import { PdfsInOrder } from '../../server/certificates/batch-order'
import { RenderPool } from '../../server/certificates/render-pool'

/** A small opaque PNG, through the certificate's own thumbnail step. */
function png(): Thumbnail {
  const image = new PNG({ width: 8, height: 8 })
  image.data.fill(200)
  const thumb = thumbnailOf(PNG.sync.write(image))
  if ('error' in thumb) throw new Error(thumb.error)
  return thumb
}

const model = (n: number): CertificateModel => ({
  heading: 'Test certificate',
  title: `Transformer — Routine test ${n}`,
  number: String(n),
  header: [
    ['Serial', `NWT:${n}`],
    ['Owner', 'שלום עולם · مرحبا · Ω µ 🙂'],
  ],
  sections: [
    {
      title: `Losses ${n}`,
      mark: 'FAIL',
      notes: ['Measure at rated voltage.'],
      rows: [
        { label: 'Loss', value: '90 W', criterion: '≤ 100 W', mark: 'PASS' },
        { label: 'Earth', value: '0.4 Ω', criterion: '≤ 0.1 Ω', mark: 'FAIL' },
        { label: 'Remark', value: 'long words '.repeat(40) },
      ],
    },
  ],
  verdict: 'FAIL',
  judged: true,
  issued: `Issued on 01/07/2026 10:00 UTC from record ${n} as stored.`,
  capturedBy: 'bob',
  equipment: [],
  parameters: [],
  images: [{ name: 'nameplate.png', image: png() }],
  files: ['report.docx'],
  organisation: 'Eastern Power',
  footer: `Record ${n} · NWT:${n}`,
  url: `https://itr.example/Records/${n}`,
  stamps: [],
  stampNotes: [],
  approvals: [],
  signature: { label: 'Authorised signature', name: '' },
})
const template = { organisation: 'Eastern Power', address: '1 Grid Way', logo: png(), paper: 'A4' as const }

describe('certificate rendering for batches', () => {
  const pool = new RenderPool(2)
  afterAll(() => pool.close())

  it('draws the same certificate in a worker as on the calling thread', async () => {
    const here = await pdfText(await certificatePdf(model(1), template))
    const [a, b] = await Promise.all([pool.render(model(1), template), pool.render(model(2), template)])
    expect(a.subarray(0, 5).toString()).toBe('%PDF-')
    const there = await pdfText(a)
    expect(there.pages).toBe(here.pages)
    // Identical but for the moment each was written (the info dictionary's CreationDate is not text).
    expect(there.text).toBe(here.text)
    for (const expected of ['FAIL', '≤ 0.1 Ω', 'nameplate.png', 'report.docx', 'שלום', 'Page 1 of'])
      expect(there.text).toContain(expected)
    expect((await pdfText(b)).text).toContain('Losses 2')
  })

  it('answers a batch in order, a few ahead at most, and a failure in its place', async () => {
    let running = 0
    let most = 0
    const render = async (m: CertificateModel) => {
      running++
      most = Math.max(most, running)
      // Later certificates finish first: the order must still be the batch's.
      await new Promise((r) => setTimeout(r, 30 - Number(m.number) * 5))
      running--
      return Buffer.from(m.number)
    }
    async function* models() {
      for (let n = 1; n <= 5; n++) yield model(n)
      throw new Error('Record 6 was not found.')
    }
    const pdfs = new PdfsInOrder(models(), render, 3)
    const got: string[] = []
    for (let i = 0; i < 5; i++) got.push((await pdfs.next()).toString())
    expect(got).toEqual(['1', '2', '3', '4', '5'])
    // Three queued ahead besides the one being taken.
    expect(most).toBeLessThanOrEqual(4)
    await expect(pdfs.next()).rejects.toThrow('Record 6 was not found.')
  })
})
