import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { UsersRepository } from '../../server/auth/users'
import { meter } from '../support/statement-meter'
import { recordFixtures, seedKnownRecords, type KnownRecords, type RecordFixtures } from './records-fixtures'

type Who = 'internal' | 'supplier' | 'configurator'

describe('{data} records page, record and scoping', () => {
  let server: TestServer
  let fx: RecordFixtures
  let known: KnownRecords
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    known = await seedKnownRecords(server, fx)
  })
  afterAll(() => server.close())

  const page = (filter: unknown, opts: { as?: Who; token?: string; page?: number; size?: number } = {}) =>
    server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/${opts.page ?? 1}/size/${opts.size ?? 10}/filter/${encodeURIComponent(
        typeof filter === 'string' ? filter : JSON.stringify(filter),
      )}`,
      opts.token ? { token: opts.token } : { as: opts.as ?? 'internal' },
    )
  const serials = (res: { json(): { result: { productSerialNumber: string }[] } }) =>
    res.json().result.map((r) => r.productSerialNumber)

  it('pages newest first with totalCount and totalPages', async () => {
    const res = await page({}, { size: 3 })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.totalCount).toBe(7)
    expect(body.totalPages).toBe(3)
    expect(body.result.map((r: { recordId: number }) => r.recordId)).toEqual([
      known.calibration,
      known.problem,
      known.despatch,
    ])
    const third = await page({}, { size: 3, page: 3 })
    expect(third.json().result).toHaveLength(1)
    expect((await page({}, { size: 3, page: 0 })).json()).toEqual(body)
  })

  it('reads no count for a short page: its total is known (issue #17.4)', async () => {
    const seen = meter(server.database.db)
    const count = () => seen.statements.filter((s) => s.includes(') capped')).length
    const short = await page({ filters: [{ field: 'category', value: 'despatch' }] })
    expect(short.json()).toMatchObject({ totalCount: 1, totalPages: 1 })
    expect(count()).toBe(0)
    const last = await page({}, { size: 3, page: 3 })
    expect(last.json()).toMatchObject({ totalCount: 7, totalPages: 3 })
    expect(last.json().result).toHaveLength(1)
    expect(count()).toBe(0)
    // A full page, or one past the end, still counts.
    expect((await page({}, { size: 3 })).json()).toMatchObject({ totalCount: 7, totalPages: 3 })
    expect(count()).toBe(1)
    expect((await page({}, { size: 3, page: 9 })).json()).toMatchObject({ totalCount: 7, result: [] })
    expect(count()).toBe(2)
  })

  it('answers SPEC §3 list items', async () => {
    const res = await page({ filters: [{ field: 'category', value: 'despatch' }] })
    expect(res.json().result).toEqual([
      expect.objectContaining({
        recordId: known.despatch,
        recordTypeId: fx.types.despatch,
        productTypeId: fx.transformer,
        supplierId: fx.northwind,
        productSerialNumber: 'NWT:1',
        serialNumberPrefix: 'NWT:',
        productTypeName: 'Distribution Transformer 11kV',
        recordTypeName: 'Fixture Despatch',
        testResult: '-',
        supplierName: 'Northwind Transformers',
        jobNumber: 'JOB-1',
        customerName: 'Acme Utilities',
        recordDate: '2026-02-01T00:00:00.000Z',
        category: 'despatch',
        captureType: 'form',
      }),
    ])
  })

  it.each([
    ['serial (the Home search)', [{ field: 'productSerialNumber', value: 'nwt:1' }], ['NWT:1', 'NWT:1']],
    [
      'category and result',
      [
        { field: 'category', value: 'test' },
        { field: 'result', value: 'fail' },
      ],
      ['NWT:2'],
    ],
    [
      'result n/a',
      [
        { field: 'result', value: 'n/a' },
        { field: 'category', value: 'test' },
      ],
      ['NWT:3'],
    ],
    ['product type', [{ field: 'producttypeid', value: '100203' }], ['CRM:1']],
    ['supplier by name', [{ field: 'supplier', value: 'contoso switchgear' }], ['CRM:1']],
    [
      'customer and job',
      [
        { field: 'customer', value: 'acme utilities' },
        { field: 'jobNumber', value: 'job' },
      ],
      ['NWT:1'],
    ],
    ['fault item', [{ field: 'faultItem', value: 'oil' }], ['NWT:2']],
  ])('filters by %s', async (_name, filters, expected) => {
    const res = await page({ filters })
    expect(res.statusCode).toBe(200)
    expect(serials(res)).toEqual(expected)
  })

  it('takes a list of values for one field', async () => {
    const res = await page({
      filters: [{ field: 'recordTypeId', value: [fx.types.despatch, fx.types.problem] }],
    })
    expect(serials(res)).toEqual(['NWT:2', 'NWT:1'])
  })

  it('filters by the test equipment used (tests and its own calibration)', async () => {
    const res = await page({ filters: [{ field: 'testEquipment', value: String(known.equipmentId) }] })
    expect(res.json().totalCount).toBe(5)
  })

  it('filters by date range, the end date including its whole day', async () => {
    const res = await page({ startDate: '2026-01-02', endDate: '2026-01-03' })
    expect(serials(res)).toEqual(['NWT:3', 'NWT:2'])
    const dmy = await page({ startDate: '02-01-2026', endDate: '03-01-2026' })
    expect(serials(dmy)).toEqual(['NWT:3', 'NWT:2'])
    // The last day a record may carry ends the range like any other (its next day is no database date).
    const open = (await page({ startDate: '2026-01-02' })).json().totalCount
    for (const endDate of ['9999-12-31', '31/12/9999']) {
      const last = await page({ startDate: '2026-01-02', endDate })
      expect(last.statusCode, endDate).toBe(200)
      expect(last.json().totalCount).toBe(open)
    }
  })

  it('sorts by a whitelisted field in either direction', async () => {
    const asc = await page({
      filters: [{ field: 'category', value: 'test' }],
      sortField: 'productSerialNumber',
      sortDirection: 'asc',
    })
    expect(serials(asc)).toEqual(['CRM:1', 'NWT:1', 'NWT:2', 'NWT:3'])
    const desc = await page({
      filters: [{ field: 'category', value: 'test' }],
      sortField: 'productSerialNumber',
      sortDirection: 'desc',
    })
    expect(serials(desc)).toEqual(['NWT:3', 'NWT:2', 'NWT:1', 'CRM:1'])
  })

  it('lists each record exactly as the record itself reads, names and review fields included', async () => {
    // The page's statement is written apart from the record's (issue #17.4): both must answer the same.
    const items = (await page({}, { as: 'configurator', size: 100 })).json().result as {
      recordId: number
    }[]
    expect(items).toHaveLength(7)
    for (const item of items) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['reviewState', 'captureType']))
      const record = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${item.recordId}`, {
        as: 'configurator',
      })
      expect(record.json()).toMatchObject(item)
    }
  })

  it('refuses bad filters with clear messages', async () => {
    const json = await page('{not json')
    expect(json.statusCode).toBe(400)
    expect(json.json().message).toBe('The filter is not valid JSON.')
    const sort = await page({ sortField: 'data; drop table records' })
    expect(sort.json().message).toBe('Records cannot be sorted by data; drop table records.')
    const field = await page({ filters: [{ field: 'password', value: 'x' }] })
    expect(field.json().message).toBe('Unknown records filter field: password')
    const size = await page({}, { size: 5000 })
    expect(size.statusCode).toBe(400)
  })

  it('shows a supplier user only its own supplier and its ITRViewer categories', async () => {
    const res = await page({}, { as: 'supplier' })
    expect(res.json().totalCount).toBe(3)
    expect(serials(res)).toEqual(['NWT:3', 'NWT:2', 'NWT:1'])
    const asking = await page({ filters: [{ field: 'supplierId', value: fx.contoso }] }, { as: 'supplier' })
    expect(asking.json().totalCount).toBe(0)
  })

  it('limits internal users to their ITRViewer categories; configurators see all', async () => {
    await new UsersRepository(server.database.db).add({
      username: 'despatch-viewer',
      email: 'dv@itr.example',
      password: 'despatch-viewer-pw',
      claims: { ITRViewer: [2] },
    })
    const login = await server.call('auth', 'POST', '/api/token', {
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'despatch-viewer',
        password: 'despatch-viewer-pw',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const token = login.json().token
    const res = await page({}, { token })
    expect(res.json().result.map((r: { category: string }) => r.category)).toEqual(['despatch'])
    const hidden = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${known.test[0]}`, {
      token,
    })
    expect(hidden.statusCode).toBe(404)
    expect((await page({}, { as: 'configurator' })).json().totalCount).toBe(7)
  })

  it('answers one record with its data, within the same scope', async () => {
    const res = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${known.test[1]}`, {
      as: 'supplier',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      recordId: known.test[1],
      productSerialNumber: 'NWT:2',
      testResult: 'fail',
      data: { serial: 'NWT:2', result: 'Fail' },
      testEquipment: [known.equipmentId],
    })
    const other = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${known.contosoTest}`, {
      as: 'supplier',
    })
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe(`Record ${known.contosoTest} does not exist`)
  })
})
