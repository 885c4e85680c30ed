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
  capturedBy: 'bob',
  equipment: [],
  parameters: [],
  images: [],
  files: [],
  organisation: 'Eastern Power',
  footer: 'Record 7 · NWT:7',
  url: 'https://itr.example/Records/7',
  stamps: [],
  stampNotes: [],
  approvals: [],
  signature: { label: 'Authorised signature', name: '' },
  ...extra,
})
const template = { organisation: 'Eastern Power', address: '1 Grid Way', logo: null, paper: 'A4' as const }

describe('certificate PDF', () => {
  it('closes with how it was issued, who captured it and a line to sign', async () => {
    const { text } = await pdfText(await certificatePdf(model(), template))
    for (const expected of [
      'Eastern Power',
      '1 Grid Way',
      'Issued on 01/07/2026',
      'Captured by (account)',
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

  it('says how much of a value cut to fit the page was left out', async () => {
    const value = 'measured again after the tap change '.repeat(150)
    const { text } = await pdfText(
      await certificatePdf(
        model({ sections: [{ title: 'Notes', notes: [], rows: [{ label: 'Remark', value }] }] }),
        template,
      ),
    )
    const left = /… \((\d+) more characters\)/.exec(text)
    expect(left, text.slice(-400)).not.toBeNull()
    // Counted from the whole value (5,400 characters), not from the 2,000 a cell keeps at most.
    expect(Number(left![1])).toBeGreaterThan(value.length - 2000)
    expect(text).not.toContain('cut to fit the page')
  })

  it('shortens a long organisation name in the footer; the record, serial, audit and page print whole', async () => {
    const organisation = 'Eastern Power Networks Distribution Services and Metering '.repeat(4).slice(0, 200)
    const rows = Array.from({ length: 90 }, (_, i) => ({ label: `Row ${i}`, value: `${i}` }))
    for (const editor of ['alice', 'a.very.long.username.of.the.regional.metering.team'])
      for (const serial of ['NWT:7', `NWT:${'9'.repeat(40)}`]) {
        const footer = `Record 7 · ${serial} · edited 2× — last by ${editor} on 02/07/2026 08:00 UTC`
        const bytes = await certificatePdf(
          model({ organisation, footer, sections: [{ title: 'Many', notes: [], rows }] }),
          { ...template, organisation },
        )
        const { text, pages } = await pdfText(bytes)
        expect(pages).toBeGreaterThan(1)
        text.split('\f').forEach((page, i) => {
          expect(page).toMatch(new RegExp(`Eastern Power .*… · Record 7 · ${serial}`))
          expect(page).toContain(`edited 2× — last by ${editor} on 02/07/2026 08:00 UTC`)
          expect(page).toContain(`Page ${i + 1} of ${pages}`)
        })
      }
  })
})
