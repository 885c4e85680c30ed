import fs from 'node:fs'
import path from 'node:path'
import JSZip from 'jszip'
import { simpleParser } from 'mailparser'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { pdfText } from '../support/pdf-text'
import type { FormLayout } from '../../schemas/form-layout/index'
import { CERTIFICATE_BATCH_LIMIT, CERTIFICATE_BATCH_MESSAGES, type Job } from '../../schemas/records/index'
import { records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/** Issue #16.3: certificates of many records, as one zip of PDFs or one merged PDF; a job over the limit. */
const layout: FormLayout = {
  version: 2,
  title: 'Batch test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    {
      type: 'testField',
      testType: 'numeric',
      variable: 'insulation',
      label: 'Insulation resistance',
      unit: 'MΩ',
      min: 100,
    },
  ],
}

const BASE = '/api/InstrumentTestRecord/Certificates'

describe('batch certificates (issue #16.3)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  const northwind: number[] = []
  const contoso: number[] = []

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    typeId = await recordType(
      server,
      'Batch Certificate Test',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate' },
      layout,
      [fx.transformer, fx.ringMainUnit],
    )
    const submit = async (supplierId: number, productTypeId: number, serial: string, insulation: number) => {
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
        as: 'internal',
        body: {
          supplierId,
          productTypeId,
          recordTypeId: typeId,
          data: { serial, testDate: '2026-07-02', insulation },
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().recordId as number
    }
    for (let i = 0; i < 3; i++)
      northwind.push(await submit(fx.northwind, fx.transformer, `NWT:9${i}0`, 150 + i))
    contoso.push(await submit(fx.contoso, fx.ringMainUnit, 'CRM:990', 50))
  })
  afterAll(() => server.close())

  const batch = (body: unknown, as: 'internal' | 'supplier' | 'viewAll' = 'internal') =>
    server.call('data', 'POST', BASE, { as, body: body as Record<string, unknown> })
  const ofType = { filters: [{ field: 'recordTypeId', value: String(0) }] }
  const typeFilter = () => ({ ...ofType, filters: [{ field: 'recordTypeId', value: String(typeId) }] })

  const unzip = async (bytes: Buffer) => {
    const zip = await JSZip.loadAsync(bytes)
    const files = Object.values(zip.files).filter((f) => !f.dir)
    return Promise.all(
      files.map(async (f) => ({ name: f.name, ...(await pdfText(await f.async('uint8array'))) })),
    )
  }

  it('answers one zip holding one PDF per chosen record, each a certificate of its record', async () => {
    const res = await batch({ format: 'zip', ids: northwind })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="certificates-\d{4}-\d{2}-\d{2}\.zip"/,
    )
    fs.mkdirSync('screenshots', { recursive: true })
    fs.writeFileSync('screenshots/certificates-batch.zip', res.rawPayload)
    const pdfs = await unzip(res.rawPayload)
    expect(pdfs.map((p) => p.name).sort()).toEqual(northwind.map((id) => `certificate-${id}.pdf`).sort())
    for (const [i, id] of northwind.entries()) {
      const pdf = pdfs.find((p) => p.name === `certificate-${id}.pdf`)!
      expect(pdf.text).toContain(`NWT:9${i}0`)
      expect(pdf.text).toContain('Insulation resistance')
      expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`)
    }
  })

  it('answers one merged PDF: every certificate from a new page, numbered within itself', async () => {
    const single = await Promise.all(
      northwind.map(async (id) => {
        const res = await server.call(
          'data',
          'GET',
          `/api/InstrumentTestRecord/Record/${id}/certificate.pdf`,
          {
            as: 'internal',
          },
        )
        return (await pdfText(res.rawPayload)).pages
      }),
    )
    const res = await batch({ format: 'pdf', ids: northwind })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    fs.writeFileSync('screenshots/certificates-merged.pdf', res.rawPayload)
    const { pages, text } = await pdfText(res.rawPayload)
    expect(pages).toBe(single.reduce((a, b) => a + b, 0))
    const perPage = text.split('\f')
    // Each certificate starts on its own page with its own serial and page 1.
    for (const i of [0, 1, 2]) expect(text).toContain(`NWT:9${i}0`)
    expect(perPage.filter((p) => /Page 1 of \d+/.test(p))).toHaveLength(northwind.length)
  })

  it('takes the records page filter, scoped by the caller: a supplier gets only its own records', async () => {
    const all = await batch({ format: 'zip', filter: typeFilter() })
    expect(all.statusCode, all.body).toBe(200)
    expect(all.headers['x-certificate-count']).toBe('4')
    expect((await unzip(all.rawPayload)).map((p) => p.name).sort()).toEqual(
      [...northwind, ...contoso].map((id) => `certificate-${id}.pdf`).sort(),
    )
    const own = await batch({ format: 'zip', filter: typeFilter() }, 'supplier')
    expect(own.statusCode, own.body).toBe(200)
    const names = (await unzip(own.rawPayload)).map((p) => p.name)
    expect(names.sort()).toEqual(northwind.map((id) => `certificate-${id}.pdf`).sort())
    expect(names).not.toContain(`certificate-${contoso[0]}.pdf`)
  })

  it("refuses explicit ids of another supplier's records to a supplier (403), and bad requests with a message", async () => {
    const res = await batch({ format: 'zip', ids: [northwind[0], contoso[0]] }, 'supplier')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(CERTIFICATE_BATCH_MESSAGES.notYours([contoso[0]]))
    const missing = await batch({ format: 'pdf', ids: [999999] })
    expect(missing.statusCode).toBe(403)

    const both = await batch({ format: 'zip', ids: northwind, filter: {} })
    expect(both.json().message).toBe(CERTIFICATE_BATCH_MESSAGES.idsOrFilter)
    expect((await batch({ format: 'zip' })).json().message).toBe(CERTIFICATE_BATCH_MESSAGES.idsOrFilter)
    const tooMany = await batch({
      format: 'zip',
      ids: Array.from({ length: CERTIFICATE_BATCH_LIMIT + 1 }, (_, i) => i + 1),
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toBe(CERTIFICATE_BATCH_MESSAGES.tooManyIds)
    const format = await batch({ format: 'docx', ids: northwind })
    expect(format.statusCode).toBe(400)
    expect(format.json().message).toBe(CERTIFICATE_BATCH_MESSAGES.format)
    const none = await batch({ format: 'zip', filter: ofType })
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe(CERTIFICATE_BATCH_MESSAGES.none)
    const badFilter = await batch({ format: 'zip', filter: { filters: [{ field: 'nope', value: 1 }] } })
    expect(badFilter.statusCode).toBe(400)
    expect(badFilter.json().message).toBe('Unknown records filter field: nope')
  })

  it('runs over 1,000 matching records as a job whose zip lands in the outbox with one PDF each', async () => {
    // 1,001 records of one record type: copies of a stored record.
    const db = server.database.db
    const [row] = await db.select().from(records).where(eq(records.id, northwind[0]))
    const { id: _id, ...copy } = row
    const count = CERTIFICATE_BATCH_LIMIT + 1 - 4
    for (let i = 0; i < count; i += 250)
      await db.insert(records).values(
        Array.from({ length: Math.min(250, count - i) }, (_, j) => ({
          ...copy,
          productSerialNumber: `NWT:${5000 + i + j}`,
        })),
      )
    const res = await batch({ format: 'zip', filter: typeFilter() }, 'viewAll')
    expect(res.statusCode, res.body).toBe(202)
    const accepted = res.json()
    expect(accepted).toMatchObject({
      message: CERTIFICATE_BATCH_MESSAGES.logged(CERTIFICATE_BATCH_LIMIT + 1),
      count: CERTIFICATE_BATCH_LIMIT + 1,
      delivery: 'outbox',
    })
    const jobPath = `${BASE}/jobs/${accepted.jobId}`
    let job: Job
    for (;;) {
      job = (await server.call('data', 'GET', jobPath, { as: 'viewAll' })).json()
      if (job.status !== 'running') break
      await new Promise((r) => setTimeout(r, 250))
    }
    expect(job.status, job.error ?? '').toBe('done')
    expect(job.result).toMatchObject({ rows: CERTIFICATE_BATCH_LIMIT + 1, format: 'zip', delivery: 'outbox' })
    expect(job.downloadUrl).toBe(`/svc/data${jobPath}/download`)
    // Another user's job is not found; the owner downloads it.
    expect((await server.call('data', 'GET', jobPath, { as: 'supplier' })).statusCode).toBe(404)
    const download = await server.call('data', 'GET', `${jobPath}/download`, { as: 'viewAll' })
    expect(download.statusCode).toBe(200)

    const outbox = path.join(server.config.dataDir, 'outbox')
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, `certificates-${accepted.jobId}.eml`)))
    expect(mail.subject).toMatch(/your test certificates$/)
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('admin@itr.example')
    expect(mail.attachments[0].filename).toBe(`certificates-${accepted.jobId}.zip`)
    const zipped = fs.readFileSync(path.join(outbox, `certificates-${accepted.jobId}.zip`))
    expect(zipped.equals(download.rawPayload)).toBe(true)
    const zip = await JSZip.loadAsync(zipped)
    const names = Object.keys(zip.files)
    expect(names).toHaveLength(CERTIFICATE_BATCH_LIMIT + 1)
    const sample = await pdfText(await zip.files[names[names.length - 1]].async('uint8array'))
    expect(sample.text).toContain('Insulation resistance')
  }, 300_000)
})
