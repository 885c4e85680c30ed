import { describe, expect, it } from 'vitest'
import { pdfText } from '../support/pdf-text'
import type { CertificateModel } from '../../server/certificates/certificate-model'
import { certificatePdf } from '../../server/certificates/certificate-pdf'

const model = (extra: Partial<CertificateModel> = {}): CertificateModel => ({
  heading: 'Test certificate',
  title: 'Transformer — Routine test',
  number: '7',
  header: [['Serial', 'NWT:7']],
  sections: [
    {
      title: 'Losses',
      mark: 'PASS',
      notes: [],
      rows: [{ label: 'Loss', value: '90 W', criterion: '≤ 100 W', mark: 'PASS' }],
    },
  ],
  verdict: 'PASS',
  judged: true,
  issued: 'Issued on 01/07/2026 10:00 UTC from record 7 as stored.',
  testedBy: 'bob',
  equipment: [],
  parameters: [],
  images: [],
  files: [],
  footer: 'Eastern Power · Record 7 · NWT:7',
  url: 'https://itr.example/Records/7',
  stamps: [],
  approvals: [],
  signature: { label: 'Authorised signature', name: '' },
  ...extra,
})
const template = { organisation: 'Eastern Power', address: '1 Grid Way', logo: null, paper: 'A4' as const }

describe('certificate PDF', () => {
  it('closes with how it was issued, who tested and a line to sign', async () => {
    const { text } = await pdfText(await certificatePdf(model(), template))
    for (const expected of [
      'Eastern Power',
      '1 Grid Way',
      'Issued on 01/07/2026',
      'Tested by',
      'bob',
      'Authorised signature',
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('DRAFT')
  })

  it("prints 'DRAFT — not approved' on every page of a draft (issue #19's hook)", async () => {
    const long = model({
      stamps: ['DRAFT — not approved'],
      signature: { label: 'Approved by (not yet approved)', name: '' },
      sections: [
        {
          title: 'Many',
          notes: [],
          rows: Array.from({ length: 120 }, (_, i) => ({ label: `Row ${i}`, value: `${i}` })),
        },
      ],
    })
    const { text, pages } = await pdfText(await certificatePdf(long, template))
    expect(pages).toBeGreaterThan(1)
    for (const page of text.split('\f')) expect(page).toContain('DRAFT — not approved')
    expect(text.split('\f')[0]).toMatch(/Test certificate .*DRAFT — not approved .*DRAFT — not approved/)
    expect(text).toContain('Approved by (not yet approved)')
  })

  it('still makes the certificate when pdfkit refuses an image it was given', async () => {
    const bytes = await certificatePdf(
      model({
        images: [
          { name: 'odd.jpg', image: { data: Buffer.from([0xff, 0xd8, 0xff, 0x00]), width: 9, height: 9 } },
        ],
      }),
      template,
    )
    const { text } = await pdfText(bytes)
    expect(text).toContain('odd.jpg (image not shown: not a readable image)')
  })
})
