import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, seedKnownRecords, type RecordFixtures } from './records-fixtures'
import { meter } from '../support/statement-meter'

type Who = 'internal' | 'supplier'

describe('{meta} products page', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    await seedKnownRecords(server, fx)
  })
  afterAll(() => server.close())

  const page = (filter: unknown, as: Who = 'internal', size = 10, pageNo = 1) =>
    server.call(
      'meta',
      'GET',
      `/api/assets/page/${pageNo}/size/${size}/filter/${encodeURIComponent(
        typeof filter === 'string' ? filter : JSON.stringify(filter),
      )}`,
      { as },
    )
  const serials = (res: { json(): { result: { productSerialNumber: string }[] } }) =>
    res.json().result.map((p) => p.productSerialNumber)

  it('answers totalCount and products with the SPEC attributes', async () => {
    const res = await page({ sortField: 'productSerialNumber' })
    expect(res.statusCode).toBe(200)
    expect(res.json().totalCount).toBe(4)
    expect(serials(res)).toEqual(['CRM:1', 'NWT:1', 'NWT:2', 'NWT:3'])
    const nwt2 = res.json().result[2]
    expect(nwt2).toMatchObject({
      serialNumber: '2',
      serialNumberPrefix: 'NWT:',
      assetModelId: fx.transformer,
      assetModel: 'Distribution Transformer 11kV',
      assetManufacturerId: fx.northwind,
      assetManufacturerName: 'Northwind Transformers',
      parent: null,
      // The problem report of 1 March is the newest record; the status follows the newest test.
      dateOfLastRecord: '2026-03-01T00:00:00.000Z',
      currentStatus: 'fail',
    })
    expect(nwt2.attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'SerialNumberPrefix', value: 'NWT:' }),
        expect.objectContaining({ key: 'DateOfLastRecord', value: '2026-03-01T00:00:00.000Z' }),
        expect.objectContaining({ key: 'CurrentStatus', value: '{"Conclusion":"fail"}' }),
      ]),
    )
  })

  it.each([
    ['serial numbers', { serialNumbers: ['nwt:3'] }, ['NWT:3']],
    // SPEC §9 fuzzy filtering (issue #11.20): any part of the serial, in any case; '%' and '_' are literal.
    ['part of a serial', { serialNumbers: ['wt:'] }, ['NWT:1', 'NWT:2', 'NWT:3']],
    ['a serial without its prefix', { serialNumbers: ['1'] }, ['CRM:1', 'NWT:1']],
    ['no wildcard', { serialNumbers: ['%'] }, []],
    ['supplier names', { assetManufacturerNames: ['Contoso Switchgear'] }, ['CRM:1']],
    ['product type names', { assetModels: ['Ring Main Unit'] }, ['CRM:1']],
    // SPEC §9 fuzzy filtering for the Supplier and Product Type columns too (audit h-admin F6): any part
    // of the name, in any case; several values are alternatives; '\', '%' and '_' are literal.
    ['part of a supplier name', { assetManufacturerNames: ['contoso'] }, ['CRM:1']],
    [
      'the middle of a supplier name',
      { assetManufacturerNames: ['WIND TRANS'] },
      ['NWT:1', 'NWT:2', 'NWT:3'],
    ],
    [
      'parts of two supplier names',
      { assetManufacturerNames: ['switch', 'northwind'] },
      ['CRM:1', 'NWT:1', 'NWT:2', 'NWT:3'],
    ],
    ['no supplier wildcard', { assetManufacturerNames: ['%'] }, []],
    ['no supplier single-character wildcard', { assetManufacturerNames: ['c_ntoso'] }, []],
    ['no supplier escape', { assetManufacturerNames: ['\\'] }, []],
    ['part of a product type name', { assetModels: ['ring main'] }, ['CRM:1']],
    ['the middle of a product type name', { assetModels: ['TRANSFORMER 11'] }, ['NWT:1', 'NWT:2', 'NWT:3']],
    ['no product type wildcard', { assetModels: ['%', '_'] }, []],
    ['status pass', { attribute: { key: 'CurrentStatus', value: 'pass' } }, ['CRM:1', 'NWT:1']],
    ['status n/a', { attribute: { key: 'CurrentStatus', value: 'n/a' } }, ['NWT:3']],
    [
      'last record date range',
      { attribute: { key: 'DateOfLastRecord', value: { from: '2026-01-03', to: '2026-01-31' } } },
      ['CRM:1', 'NWT:3'],
    ],
  ])('filters by %s', async (_name, filter, expected) => {
    const res = await page({ ...filter, sortField: 'productSerialNumber', sortDirection: 'asc' })
    expect(res.statusCode).toBe(200)
    expect(serials(res)).toEqual(expected)
  })

  it('keeps a product type id exact while names match any part (audit h-admin F6)', async () => {
    const sorted = { sortField: 'productSerialNumber', sortDirection: 'asc' }
    expect(serials(await page({ ...sorted, assetModels: [String(fx.ringMainUnit)] }))).toEqual(['CRM:1'])
    // Digits are an id, never part of one.
    expect(serials(await page({ ...sorted, assetModels: [String(fx.ringMainUnit).slice(0, -1)] }))).toEqual(
      [],
    )
    expect(serials(await page({ ...sorted, assetModels: [String(fx.ringMainUnit), 'transformer'] }))).toEqual(
      ['CRM:1', 'NWT:1', 'NWT:2', 'NWT:3'],
    )
    // A supplier user still sees only its own supplier's products, whatever the filter matches.
    expect(serials(await page({ ...sorted, assetManufacturerNames: ['o'] }, 'supplier'))).toEqual([
      'NWT:1',
      'NWT:2',
      'NWT:3',
    ])
  })

  it('pages and sorts descending', async () => {
    const first = await page({ sortField: 'productSerialNumber', sortDirection: 'desc' }, 'internal', 3, 1)
    expect(serials(first)).toEqual(['NWT:3', 'NWT:2', 'NWT:1'])
    const second = await page({ sortField: 'productSerialNumber', sortDirection: 'desc' }, 'internal', 3, 2)
    expect(serials(second)).toEqual(['CRM:1'])
    expect(second.json().totalCount).toBe(4)
  })

  it('reads no count for a short page, and counts a full one or one past the end (issue #17.4)', async () => {
    const seen = meter(server.database.db)
    const count = () => seen.statements.filter((s) => s.includes(') capped')).length
    const desc = { sortField: 'productSerialNumber', sortDirection: 'desc' }
    expect((await page(desc, 'internal', 3, 2)).json()).toMatchObject({ totalCount: 4, totalPages: 2 })
    expect((await page(desc, 'internal', 10, 1)).json().totalCount).toBe(4)
    expect(count()).toBe(0)
    expect((await page(desc, 'internal', 3, 1)).json()).toMatchObject({ totalCount: 4, totalPages: 2 })
    expect((await page(desc, 'internal', 3, 5)).json()).toMatchObject({ totalCount: 4, result: [] })
    expect(count()).toBe(2)
  })

  it('filters to a product and its children (ParentAssetId)', async () => {
    const equipment = (await server.call('itr', 'GET', '/api/testEquipment', { as: 'internal' })).json()
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial: 'NWT:50',
          testDate: '2026-05-05',
          bushing: 'NWB:50',
          equipment: [equipment[0].id],
          ratio: 0.5,
          result: 'Pass',
        },
      },
    })
    expect(res.statusCode).toBe(200)
    const parentId = res.json().productId
    const family = await page({ ParentAssetId: parentId, sortField: 'productSerialNumber' })
    expect(serials(family)).toEqual(['NWB:50', 'NWT:50'])
  })

  it('sorts a product never recorded as the oldest: last newest-first, first oldest-first', async () => {
    // Runs after the family test above, whose bushing NWB:50 is a product without a record of its own.
    type Item = { productSerialNumber: string; dateOfLastRecord: string | null }
    const dates = async (sortDirection: string) =>
      (
        (await page({ sortField: 'dateOfLastRecord', sortDirection }, 'internal', 50)).json().result as Item[]
      ).map((p) => p.dateOfLastRecord)
    const newestFirst = await dates('desc')
    const never = newestFirst.filter((d) => d === null).length
    expect(never).toBeGreaterThan(0)
    const recorded = newestFirst.slice(0, newestFirst.length - never)
    expect(recorded.every((d) => d !== null)).toBe(true)
    expect(recorded).toEqual([...recorded].sort().reverse())
    const oldestFirst = await dates('asc')
    expect(oldestFirst.slice(0, never)).toEqual(Array(never).fill(null))
    expect(oldestFirst.slice(never)).toEqual([...recorded].reverse())
  })

  it('shows a supplier user only its supplier’s products', async () => {
    const res = await page({ sortField: 'productSerialNumber' }, 'supplier')
    expect(serials(res).every((s) => s.startsWith('NW'))).toBe(true)
    expect(serials(res)).not.toContain('CRM:1')
  })

  it('refuses bad JSON and unknown sort fields', async () => {
    const bad = await page('{')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('The filter is not valid JSON.')
    const sort = await page({ sortField: 'password' })
    expect(sort.json().message).toBe('Products cannot be sorted by password.')
  })

  it('lists products by type and answers parent mappings', async () => {
    const res = await server.call('meta', 'GET', `/api/assets/bytype/${fx.ringMainUnit}`, { as: 'internal' })
    expect(res.json().map((p: { productSerialNumber: string }) => p.productSerialNumber)).toEqual(['CRM:1'])
    const missing = await server.call('meta', 'GET', '/api/Assets/parentMappings/999999', { as: 'internal' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Product 999999 does not exist')
  })
})
