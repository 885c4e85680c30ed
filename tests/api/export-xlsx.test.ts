import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import ExcelJS from 'exceljs'
import { count } from 'drizzle-orm'
import { jobs } from '../../server/db/schema/index'
import { simpleParser } from 'mailparser'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, seedKnownRecords, type RecordFixtures } from './records-fixtures'

type Who = 'internal' | 'supplier'

describe('{data} Excel export', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    await seedKnownRecords(server, fx)
  })
  afterAll(() => server.close())

  /** Requests an export, waits for its job and reads the workbook back with exceljs. */
  async function exportRows(filter: object, as: Who) {
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/filter/${encodeURIComponent(JSON.stringify(filter))}`,
      { as },
    )
    expect(res.statusCode).toBe(200)
    const accepted = res.json()
    expect(accepted.message).toBe('Request logged, you will receive an email with the results.')
    expect(accepted.delivery).toBe('outbox')
    const job = await vi.waitFor(
      async () => {
        const status = await server.call(
          'data',
          'GET',
          `/api/InstrumentTestRecord/ExcelExport/jobs/${accepted.jobId}`,
          { as },
        )
        const body = status.json()
        if (body.status !== 'done') throw new Error(`job ${body.status}`)
        return body
      },
      { timeout: 20_000, interval: 50 },
    )
    expect(job.downloadUrl).toBe(
      `/svc/data/api/InstrumentTestRecord/ExcelExport/jobs/${accepted.jobId}/download`,
    )
    const file = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/jobs/${accepted.jobId}/download`,
      {
        as,
      },
    )
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(file.headers['content-disposition']).toContain(`records-export-${accepted.jobId}.xlsx`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Records')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
    const rows: Record<string, unknown>[] = []
    sheet.eachRow((row, n) => {
      if (n === 1) return
      const values = (row.values as unknown[]).slice(1)
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])))
    })
    return { sheet, header, rows, jobId: accepted.jobId as number }
  }

  it('builds a real .xlsx of the filtered records, one column per mapped field and layout variable', async () => {
    const { sheet, header, rows } = await exportRows(
      { filters: [{ field: 'category', value: 'test' }] },
      'internal',
    )
    expect(header.slice(0, 10)).toEqual([
      'Record ID',
      'Serial Number',
      'Product Type',
      'Record Type',
      'Category',
      'Supplier',
      'Result',
      'Status',
      'Suspect',
      'Date',
    ])
    expect(header).toEqual(
      expect.arrayContaining(['serial', 'testDate', 'equipment', 'ratio', 'ratio result', 'comments']),
    )
    expect(rows.map((r) => [r['Serial Number'], r.Result])).toEqual([
      ['CRM:1', 'Pass'],
      ['NWT:3', 'n/a'],
      ['NWT:2', 'Fail'],
      ['NWT:1', 'Pass'],
    ])
    const nwt2 = rows.find((r) => r['Serial Number'] === 'NWT:2')!
    expect(nwt2.Date).toEqual(new Date('2026-01-02T12:00:00Z'))
    expect(nwt2.ratio).toBe(1.5)
    expect(nwt2['ratio result']).toBe('Fail')
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.autoFilter).toBeTruthy()
  })

  it('neutralises text a spreadsheet would run as a formula', async () => {
    const { sheet, rows } = await exportRows(
      {
        filters: [
          { field: 'productSerialNumber', value: 'NWT:1' },
          { field: 'category', value: 'test' },
        ],
      },
      'internal',
    )
    // The text itself, in a quotePrefix cell (export-fidelity.test.ts reads the XML): no apostrophe added.
    expect(rows[0].comments).toBe(`=HYPERLINK("http://evil.example","click")`)
    let formulas = 0
    sheet.eachRow((row) =>
      row.eachCell((cell) => (formulas += cell.type === ExcelJS.ValueType.Formula ? 1 : 0)),
    )
    expect(formulas).toBe(0)
  })

  it("answers 'Download now' with the same workbook at once, in the caller's scope", async () => {
    const now = (filter: object, as: Who) =>
      server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/ExcelExport/now/filter/${encodeURIComponent(JSON.stringify(filter))}`,
        { as },
      )
    const res = await now({}, 'supplier')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toMatch(/filename="records-\d{4}-\d{2}-\d{2}\.xlsx"/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Records')!
    const serials: unknown[] = []
    sheet.eachRow((row, n) => n > 1 && serials.push(row.getCell(2).value))
    // The same rows and header as the logged export of the same filter.
    const logged = await exportRows({}, 'supplier')
    expect(serials).toEqual(logged.rows.map((r) => r['Serial Number']))
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(logged.header)
    expect(logged.rows.map((r) => r.Category)).toEqual(['Test', 'Test', 'Test'])

    const none = await now({ filters: [{ field: 'productSerialNumber', value: 'NOPE:1' }] }, 'internal')
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('No records match these filters.')
    const bad = await now({ filters: [{ field: 'category', value: 'secret' }] }, 'internal')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('The filter is not valid: unknown category secret')
  })

  it('exports only what the caller may see, and only the caller reads the job', async () => {
    const { rows, jobId } = await exportRows({}, 'supplier')
    expect(rows.map((r) => r['Serial Number'])).toEqual(['NWT:3', 'NWT:2', 'NWT:1'])
    const other = await server.call('data', 'GET', `/api/InstrumentTestRecord/ExcelExport/jobs/${jobId}`, {
      as: 'internal',
    })
    expect(other.statusCode).toBe(404)
  })

  it('files the e-mail with the workbook attached in the outbox folder when there is no SMTP', async () => {
    const { rows, jobId } = await exportRows({ filters: [{ field: 'category', value: 'test' }] }, 'internal')
    const outbox = path.join(server.config.dataDir, 'outbox')
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, `records-export-${jobId}.eml`)))
    expect(mail.to).toMatchObject({ text: 'internal@itr.example' })
    expect(mail.subject).toBe('ITR Studio: your records export')
    expect(mail.text?.trim()).toBe(`The records export you asked for is attached (${rows.length} records).`)
    expect(mail.attachments.map((a) => a.filename)).toEqual([`records-export-${jobId}.xlsx`])
    // The attachment is the workbook that sits beside the message, and it opens.
    const xlsx = fs.readFileSync(path.join(outbox, `records-export-${jobId}.xlsx`))
    expect(mail.attachments[0].content.equals(xlsx)).toBe(true)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer)
    expect(workbook.getWorksheet('Records')!.rowCount).toBe(rows.length + 1)
  })

  it('refuses a bad filter before logging anything', async () => {
    const res = await server.call('data', 'GET', '/api/InstrumentTestRecord/ExcelExport/filter/%7Bnope', {
      as: 'internal',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The filter is not valid JSON.')
  })

  it.each([
    [
      'an unknown filter field',
      { filters: [{ field: 'evil', value: 1 }] },
      'Unknown records filter field: evil',
    ],
    ['an unknown sort field', { sortField: 'password' }, 'Records cannot be sorted by password.'],
    [
      'an unknown category',
      { filters: [{ field: 'category', value: 'secret' }] },
      'The filter is not valid: unknown category secret',
    ],
    ['a bad date', { startDate: 'soon' }, '"soon" in "startDate" is not a valid date.'],
    [
      'a date not on the calendar',
      { endDate: '2026-02-31T10:00:00Z' },
      '"2026-02-31T10:00:00Z" in "endDate" is not a valid date.',
    ],
  ])(
    'refuses %s with the records page answer, before a job is logged (issue #11.7)',
    async (_, filter, message) => {
      const segment = encodeURIComponent(JSON.stringify(filter))
      const [{ n: before }] = await server.database.db.select({ n: count() }).from(jobs)
      const exported = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/ExcelExport/filter/${segment}`,
        {
          as: 'internal',
        },
      )
      const paged = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${segment}`,
        {
          as: 'internal',
        },
      )
      expect([exported.statusCode, paged.statusCode]).toEqual([400, 400])
      expect(exported.json().message).toBe(message)
      expect(paged.json().message).toBe(message)
      const [{ n: after }] = await server.database.db.select({ n: count() }).from(jobs)
      expect(after).toBe(before)
    },
  )
})
