import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'
import { pdfText } from '../support/pdf-text'
import { SITE_PHOTO_JPEG, imageCount, testPng } from '../support/images'
import { multipart } from './records-fixtures'
import { DocumentsRepository } from '../../server/documents/documents'
import { recordDocuments } from '../../server/db/schema/index'

/** Kept beside the e2e screenshots (gitignored) to be rendered with pdftoppm and looked at. */
const keep = (name: string, bytes: Buffer) => {
  fs.mkdirSync('screenshots', { recursive: true })
  fs.writeFileSync(`screenshots/${name}.pdf`, bytes)
}

/** Issue #16.1: a record's certificate is a real PDF with the record's values, limits and verdict. */
const layout: FormLayout = {
  version: 2,
  title: 'Certificate test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    { type: 'singletext', variable: 'remarks', label: 'Remarks' },
    { type: 'upload', variable: 'photo', label: 'Photo' },
    {
      type: 'group',
      variable: 'tests',
      label: 'Electrical tests',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'insulation',
          label: 'Insulation resistance',
          unit: 'MΩ',
          min: 100,
        },
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'ratio',
          label: 'Voltage ratio error',
          unit: '%',
          min: -0.5,
          max: 0.5,
        },
        {
          type: 'testField',
          testType: 'yesNo',
          variable: 'oil',
          label: 'Oil level visible',
          passChoice: 'Yes',
        },
      ],
    },
  ],
}

describe('test certificates (issue #16)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    typeId = await recordType(
      server,
      'Certificate Test',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'tests' },
      layout,
      [fx.transformer, fx.ringMainUnit],
    )
  })
  afterAll(() => server.close())

  const submit = async (supplierId: number, productTypeId: number, data: Record<string, unknown>) => {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: { supplierId, productTypeId, recordTypeId: typeId, data: { testDate: '2026-07-01', ...data } },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().recordId as number
  }
  const certificate = (id: number, as: 'internal' | 'supplier' = 'internal') =>
    server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/certificate.pdf`, { as })

  it('holds the serial, every label, value, unit, limit and result, and the verdict', async () => {
    const id = await submit(fx.northwind, fx.transformer, {
      serial: 'NWT:801',
      remarks: 'Tap changer at position 3',
      insulation: 250,
      ratio: 0.7,
      oil: 'Yes',
    })
    const res = await certificate(id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}.pdf"`)
    keep('certificate-test', res.rawPayload)
    const { text } = await pdfText(res.rawPayload)
    for (const expected of [
      'Test certificate',
      'NWT:801',
      'Certificate Test',
      'Distribution Transformer 11kV',
      'Northwind Transformers',
      'Tap changer at position 3',
      'Electrical tests',
      'Insulation resistance',
      '250 MΩ',
      '≥ 100 MΩ',
      'Voltage ratio error',
      '0.7 %',
      '-0.5 to 0.5 %',
      'Oil level visible',
      'Pass on "Yes"',
      'PASS',
      'FAIL',
      'Overall verdict: FAIL',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected)
  })

  it('answers a certificate exactly as the record: 404 for a supplier on another supplier’s record', async () => {
    const id = await submit(fx.contoso, fx.ringMainUnit, {
      serial: 'CRM:801',
      insulation: 150,
      ratio: 0,
      oil: 'Yes',
    })
    const record = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, {
      as: 'supplier',
    })
    const res = await certificate(id, 'supplier')
    expect(record.statusCode).toBe(404)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(record.json().message)
    expect(
      (
        await server.call('data', 'GET', '/api/InstrumentTestRecord/Record/999999/certificate.pdf', {
          as: 'internal',
        })
      ).statusCode,
    ).toBe(404)
  })

  it('long and hostile text renders or is replaced, never breaks the file; rows flow over pages', async () => {
    const hostile = `שלום עולם مرحبا 🔧⚡ ctl\u0001\u0007\u001b end ${'x'.repeat(10_000)}`
    const id = await submit(fx.northwind, fx.transformer, {
      serial: 'NWT:802',
      remarks: hostile,
      insulation: 120,
      ratio: 0.1,
      oil: 'No',
    })
    const res = await certificate(id)
    expect(res.statusCode).toBe(200)
    keep('certificate-hostile', res.rawPayload)
    const { text, pages } = await pdfText(res.rawPayload)
    expect(text).toContain('שלום')
    expect(text).toMatch(/more characters|cut to fit the page/)
    expect(text).not.toContain('\u0007')
    expect(text).toContain(`Page ${pages} of ${pages}`)
  })

  it('shows uploaded PNG and JPEG images as thumbnails; other files and a broken image by name', async () => {
    const upload = await server.call('itr', 'POST', '/api/formDocuments', {
      as: 'internal',
      ...multipart('nameplate.png', testPng()),
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const id = await submit(fx.northwind, fx.transformer, {
      serial: 'NWT:803',
      insulation: 300,
      ratio: 0.2,
      oil: 'Yes',
      photo: upload.json(),
    })
    // Files linked to the record another way (a calibration certificate, an older upload): a JPEG photo,
    // a PNG whose bytes are damaged, an SVG (not PNG/JPEG) and a PDF.
    const documents = new DocumentsRepository(server.database.db)
    const broken = testPng()
    broken.fill(0x41, 80)
    for (const [name, contentType, content] of [
      ['site-photo.jpg', 'image/jpeg', SITE_PHOTO_JPEG],
      ['damaged.png', 'image/png', broken],
      ['sketch.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['wiring.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
    ] as const) {
      const doc = await documents.store({ originalFilename: name, contentType, content })
      await server.database.db.insert(recordDocuments).values({ recordId: id, documentId: doc.id })
    }
    const res = await certificate(id)
    expect(res.statusCode).toBe(200)
    keep('certificate-images', res.rawPayload)
    // Beside the QR code every certificate has: the PNG thumbnail and the JPEG, nothing of the damaged PNG.
    const plain = await certificate(
      await submit(fx.northwind, fx.transformer, {
        serial: 'NWT:804',
        insulation: 300,
        ratio: 0.2,
        oil: 'Yes',
      }),
    )
    expect(imageCount(res.rawPayload)).toBe(imageCount(plain.rawPayload) + 2)
    const { text } = await pdfText(res.rawPayload)
    expect(text).toContain('Attached files')
    expect(text).toContain('nameplate.png')
    expect(text).toContain('site-photo.jpg')
    expect(text).toContain('damaged.png (image not shown: not a readable image)')
    expect(text).toContain('sketch.svg')
    expect(text).toContain('wiring.pdf')
  })
})
