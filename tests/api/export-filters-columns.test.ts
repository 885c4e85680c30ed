import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../support/api'
import {
  recordFixtures,
  recordType,
  seedKnownRecords,
  type KnownRecords,
  type RecordFixtures,
} from './records-fixtures'

/** The export's fixed columns (Record ID … Repair Descriptive); the data columns come after them. */
const FIXED = 17

/** A filter as the paging and export calls carry it: URL-encoded JSON in one path segment. */
const segment = (filter: object) => encodeURIComponent(JSON.stringify(filter))

type Sheet = { header: string[]; rows: Record<string, unknown>[] }

/** A workbook's header and rows, each row by header. */
async function readSheet(content: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(content as unknown as ArrayBuffer)
  const sheet = workbook.getWorksheet('Records')!
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
  const rows: Record<string, unknown>[] = []
  sheet.eachRow((row, n) => {
    if (n === 1) return
    const values = (row.values as unknown[]).slice(1)
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])))
  })
  return { header, rows }
}

describe('{data} Excel export: every filter field, every stored value', () => {
  let server: TestServer
  let fx: RecordFixtures
  let known: KnownRecords
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    known = await seedKnownRecords(server, fx)
    // A problem report with descriptives, so that those two filters match a record too.
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'configurator',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.problem,
        data: {
          serial: 'NWT:3',
          date: '2026-03-02T00:00:00Z',
          faultDescriptives: ['Water ingress'],
          repairDescriptives: ['Replaced seal'],
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
  })
  afterAll(() => server.close())

  /** The record ids the records page lists for a filter, newest first. */
  async function pageIds(filter: object): Promise<number[]> {
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/100/filter/${segment(filter)}`,
      { as: 'internal' },
    )
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().result as { recordId: number }[]).map((r) => r.recordId)
  }

  /** 'Download now' of a filter, read back. */
  async function downloadNow(filter: object): Promise<Sheet> {
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/now/filter/${segment(filter)}`,
      { as: 'internal' },
    )
    expect(res.statusCode, res.body).toBe(200)
    return readSheet(res.rawPayload)
  }

  /** The logged export of a filter: its job's answer and workbook (null when the job failed). */
  async function loggedExport(
    filter: object,
  ): Promise<{ job: Record<string, unknown>; sheet: Sheet | null }> {
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/filter/${segment(filter)}`,
      {
        as: 'internal',
      },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Request logged, you will receive an email with the results.')
    const path = `/api/InstrumentTestRecord/ExcelExport/jobs/${res.json().jobId}`
    const job = await vi.waitFor(
      async () => {
        const body = (await server.call('data', 'GET', path, { as: 'internal' })).json()
        if (body.status !== 'done' && body.status !== 'error') throw new Error(`job ${body.status}`)
        return body as Record<string, unknown>
      },
      { timeout: 20_000, interval: 50 },
    )
    if (job.status !== 'done') return { job, sheet: null }
    const file = await server.call('data', 'GET', `${path}/download`, { as: 'internal' })
    expect(file.statusCode).toBe(200)
    return { job, sheet: await readSheet(file.rawPayload) }
  }

  // Each field as the export dialog sends it (src/pages/records/export/export-form.ts `exportFilter`):
  // the category first, then the field of the chosen section.
  it.each([
    ['all', 'productSerialNumber', 'NWT:1'],
    ['all', 'recordTypeId', () => [fx.types.test, fx.types.despatch]],
    ['all', 'productTypeId', () => fx.ringMainUnit],
    ['test', 'result', ['pass', 'n/a']],
    ['test', 'supplier', ['Northwind Transformers']],
    ['test', 'supplier', ['contoso switchgear', 'Northwind Transformers']],
    ['despatch', 'customer', ['Acme Utilities']],
    ['despatch', 'jobNumber', 'JOB-1'],
    ['despatch', 'batchNumber', 'B7'],
    ['problemReport', 'faultItem', ['Oil leak']],
    ['problemReport', 'repairItem', ['Replaced gasket']],
    ['problemReport', 'faultDescriptive', ['Water ingress']],
    ['problemReport', 'repairDescriptive', ['Replaced seal']],
  ])(
    "exports the records page's records for category %s and %s (now and logged)",
    async (category, field, value) => {
      const filter = {
        filters: [
          { field: 'category', value: category },
          { field, value: typeof value === 'function' ? value() : value },
        ],
        startDate: '2026-01-01T00:00:00Z',
      }
      const ids = await pageIds(filter)
      expect(ids.length).toBeGreaterThan(0)
      const now = await downloadNow(filter)
      expect(now.rows.map((r) => r['Record ID'])).toEqual(ids)
      const { job, sheet } = await loggedExport(filter)
      expect(job.error ?? null).toBeNull()
      expect(job.status).toBe('done')
      expect(sheet!.rows.map((r) => r['Record ID'])).toEqual(ids)
      expect(sheet!.header).toEqual(now.header)
    },
  )

  it('keeps a variable removed from the layout after its records were captured, with its value', async () => {
    const layout = (withOperator: boolean) => ({
      version: 2,
      title: 'Revisions',
      controls: [
        { type: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
        { type: 'testEquipment', variable: 'equipment', label: 'Test equipment used', min: 1 },
        ...(withOperator ? [{ type: 'singletext', variable: 'operator', label: 'Operator' }] : []),
        { type: 'testField', testType: 'numeric', variable: 'load', label: 'Load', min: 0, max: 10 },
        ...(withOperator ? [] : [{ type: 'singletext', variable: 'shift', label: 'Shift' }]),
      ],
    })
    const type = await recordType(
      server,
      'Export Revisions',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate' },
      null,
      [fx.transformer],
    )
    const saveLayout = async (withOperator: boolean) => {
      const res = await server.call('meta', 'POST', `/api/DataPointTypes/attributes/${type}`, {
        as: 'configurator',
        body: { key: 'DataEntryForm', name: 'DataEntryForm', value: JSON.stringify(layout(withOperator)) },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const submit = async (serial: string, data: object) => {
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: type,
          data: { serial, testDate: '2026-05-01T10:00:00Z', equipment: [known.equipmentId], ...data },
        },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await saveLayout(true)
    await submit('NWT:4101', { operator: 'Alice', load: 4 })
    await saveLayout(false)
    await submit('NWT:4102', { shift: 'Night', load: 6 })

    const filter = { filters: [{ field: 'recordTypeId', value: [type] }] }
    const { header, rows } = await downloadNow(filter)
    // The current layout's order first, then what only the older revision has.
    expect(header.slice(FIXED)).toEqual([
      'serial',
      'testDate',
      'equipment',
      'load',
      'load result',
      'shift',
      'operator',
    ])
    const bySerial = Object.fromEntries(rows.map((r) => [r['Serial Number'], r]))
    expect(bySerial['NWT:4101']).toMatchObject({
      operator: 'Alice',
      load: 4,
      'load result': 'Pass',
      shift: null,
    })
    expect(bySerial['NWT:4102']).toMatchObject({
      operator: null,
      load: 6,
      'load result': 'Pass',
      shift: 'Night',
    })
    const logged = await loggedExport(filter)
    expect(logged.sheet!.header).toEqual(header)
    expect(logged.sheet!.rows).toEqual(rows)
  })

  it('exports every column of a layout-less file capture, and reads a variable per record type', async () => {
    const upload = async (csv: string) => {
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.csv,
          fileName: 'batch.csv',
          data: Buffer.from(csv).toString('base64'),
        },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await upload('serial,testDate,result,tester\nNWT:4201,2026-01-05,pass,Smith\n')
    await upload('serial,testDate,result,operator,batchRef,ratio\nNWT:4202,2026-01-06,fail,Alice,B-77,0.9\n')

    const only = await downloadNow({ filters: [{ field: 'recordTypeId', value: [fx.types.csv] }] })
    // The mapped fields first, then the keys as the uploads brought them.
    expect(only.header.slice(FIXED)).toEqual([
      'serial',
      'testDate',
      'result',
      'tester',
      'batchRef',
      'operator',
      'ratio',
    ])
    const bySerial = Object.fromEntries(only.rows.map((r) => [r['Serial Number'], r]))
    expect(bySerial['NWT:4201']).toMatchObject({ tester: 'Smith', operator: null, batchRef: null })
    expect(bySerial['NWT:4202']).toMatchObject({
      tester: null,
      operator: 'Alice',
      batchRef: 'B-77',
      ratio: 0.9,
    })

    // `ratio` is a test field of the fixture test type and a plain CSV column here: each reads its own way.
    const both = await downloadNow({
      filters: [{ field: 'recordTypeId', value: [fx.types.test, fx.types.csv] }],
    })
    expect(both.header.filter((h) => h === 'ratio')).toHaveLength(1)
    const ratios = Object.fromEntries(
      both.rows.map((r) => [r['Serial Number'], [r.ratio, r['ratio result']]]),
    )
    expect(ratios['NWT:4202']).toEqual([0.9, null])
    expect(ratios['NWT:2']).toEqual([1.5, 'Fail'])
  })
})

describe('{data} Excel export wider than a sheet', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  it('refuses an export wider than Excel allows, saying so, instead of a workbook that does not open', async () => {
    // 17 files of 1,000 columns each (a layout-less type's most), every column named anew.
    for (let f = 0; f < 17; f++) {
      const names = Array.from({ length: 997 }, (_, i) => `f${f}c${i}`)
      const csv = `serial,testDate,result,${names.join(',')}\nNWT:${4301 + f},2026-02-01,pass,${names.map(() => 'x').join(',')}\n`
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.csv,
          data: Buffer.from(csv).toString('base64'),
        },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const filter = segment({
      filters: [
        { field: 'productSerialNumber', value: Array.from({ length: 17 }, (_, f) => `NWT:${4301 + f}`) },
      ],
    })
    const message =
      'This export would have 16,969 columns, more than the 16,384 Excel allows. Narrow the filter, for example to one record type.'
    const now = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/now/filter/${filter}`,
      {
        as: 'internal',
      },
    )
    expect(now.statusCode).toBe(400)
    expect(now.json().message).toBe(message)
    const logged = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/filter/${filter}`,
      {
        as: 'internal',
      },
    )
    const jobId = logged.json().jobId
    await expect
      .poll(async () =>
        (
          await server.call('data', 'GET', `/api/InstrumentTestRecord/ExcelExport/jobs/${jobId}`, {
            as: 'internal',
          })
        ).json(),
      )
      .toMatchObject({ status: 'error', error: message })
  })
})
