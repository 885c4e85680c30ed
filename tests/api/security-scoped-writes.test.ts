import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { records } from '../../server/db/schema/index'
import { UsersRepository } from '../../server/auth/users'
import {
  multipart,
  PDF,
  recordFixtures,
  seedKnownRecords,
  type KnownRecords,
  type RecordFixtures,
} from './records-fixtures'

/**
 * Issue #11.2 and #11.4: every write is authorised exactly like its read. A record the caller cannot read
 * is not overwritten (404 like the GET); ITRViewer categories limit what a user submits; reference lists
 * leak nothing of other suppliers.
 */
describe('writes are scoped like reads', () => {
  let server: TestServer
  let fx: RecordFixtures
  let known: KnownRecords
  let despatchOnly: { token: string }
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    known = await seedKnownRecords(server, fx)
    await new UsersRepository(server.database.db).add({
      username: 'despatch-clerk',
      email: 'clerk@itr.example',
      password: 'despatch-clerk-pass',
      claims: { ITRInternalUser: true, ITRSubmitter: true, ITRViewer: [2] },
    })
    const login = await server.call('auth', 'POST', '/api/token', {
      body: 'grant_type=password&username=despatch-clerk&password=despatch-clerk-pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    despatchOnly = { token: login.json().token }
  }, 120_000)
  afterAll(() => server.close())

  const db = () => server.database.db
  const row = async (id: number) => (await db().select().from(records).where(eq(records.id, id)))[0]
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  type Who = 'supplier' | 'internal' | { token: string }
  const as = (who: Who) => (typeof who === 'string' ? { as: who } : who)
  /** A Problem Report body that leaves the fault/repair items out: a blind overwrite would clear them. */
  const blindBody = () => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.problem,
    data: { serial: 'NWT:2', date: '2026-03-02T00:00:00Z' },
  })

  it.each<[string, Who]>([
    ['the supplier user (Test records only)', 'supplier'],
    ['an internal user limited to Despatch', { token: '' }],
  ])(
    '%s cannot read a Problem Report, so its PUT answers 404 like the GET and changes nothing',
    async (_, who) => {
      const caller = typeof who === 'string' ? who : despatchOnly
      const before = await row(known.problem)
      expect(before.faultItems).toBe('Oil leak')
      const read = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Record/${known.problem}`,
        as(caller),
      )
      expect(read.statusCode).toBe(404)
      const put = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${known.problem}`, {
        ...as(caller),
        body: blindBody(),
      })
      expect(put.statusCode).toBe(404)
      expect(put.json().message).toBe(`Record ${known.problem} does not exist`)
      expect(await row(known.problem)).toEqual(before)
    },
  )

  it('an internal user who may read Problem Reports still edits them', async () => {
    const put = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${known.problem}`, {
      as: 'internal',
      body: {
        ...blindBody(),
        data: { ...blindBody().data, faultItems: ['Oil leak'], repairItems: ['Replaced gasket'] },
      },
    })
    expect(put.statusCode).toBe(200)
    expect((await row(known.problem)).faultItems).toBe('Oil leak')
  })

  it('ITRViewer categories limit what a user submits: 403 naming the category, nothing written', async () => {
    const before = await recordCount()
    const test = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      ...despatchOnly,
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial: 'NWT:40',
          testDate: '2026-03-01T10:00:00Z',
          equipment: [known.equipmentId],
          ratio: 0.5,
        },
      },
    })
    expect(test.statusCode).toBe(403)
    expect(test.json().message).toBe('You are not allowed to submit Test records.')
    const problem = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'supplier',
      body: { ...blindBody(), data: { ...blindBody().data, serial: 'NWT:41' } },
    })
    expect(problem.statusCode).toBe(403)
    expect(problem.json().message).toBe('You are not allowed to submit Problem Report records.')
    expect(await recordCount()).toBe(before)

    const despatch = await server.call('submission', 'POST', '/api/InstrumentTest/despatch', {
      ...despatchOnly,
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.despatch,
        data: { serial: 'NWT:1', date: '2026-02-03T00:00:00Z', job: 'JOB-9', customer: 'Acme Utilities' },
      },
    })
    expect(despatch.statusCode).toBe(200)
  })

  it("lists only the supplier's own product types' fault/repair items and its own records' customers", async () => {
    const visible = (await server.call('itr', 'GET', '/api/productTypes', { as: 'supplier' })).json() as {
      id: number
    }[]
    const ids = new Set(visible.map((t) => t.id))
    const supplierItems = (
      await server.call('itr', 'GET', '/api/faultRepairTypes', { as: 'supplier' })
    ).json() as {
      faultRepairType: string
      productTypeId: number | null
      productTypeName: string | null
    }[]
    const items = supplierItems.filter((i) => i.faultRepairType === 'Item')
    expect(items.length).toBeGreaterThan(0)
    expect(items.filter((i) => !ids.has(i.productTypeId as number))).toEqual([])
    expect(items.map((i) => i.productTypeName)).not.toContain('Ring Main Unit')
    const internalItems = (
      await server.call('itr', 'GET', '/api/faultRepairTypes', { as: 'internal' })
    ).json() as {
      productTypeName: string | null
    }[]
    expect(internalItems.map((i) => i.productTypeName)).toContain('Ring Main Unit')

    const customers = (await server.call('meta', 'GET', '/api/Customers', { as: 'supplier' })).json() as {
      name: string
    }[]
    // The supplier may read only Test records, which name no customer.
    expect(customers).toEqual([])
    const clerk = (await server.call('meta', 'GET', '/api/Customers', despatchOnly)).json() as {
      name: string
    }[]
    expect(clerk.map((c) => c.name)).toEqual(['Acme Utilities'])
    const all = (
      await server.call('meta', 'GET', '/api/Customers', { as: 'configurator' })
    ).json() as unknown[]
    expect(all.length).toBeGreaterThan(1)
  })
  describe('a product type the supplier user cannot read is answered like its read (audit #5)', () => {
    let allCategories: { token: string }
    beforeAll(async () => {
      // A Northwind supplier user who may read and submit Test, Despatch and Problem Report records.
      await new UsersRepository(db()).add({
        username: 'northwind-all',
        email: 'northwind-all@itr.example',
        password: 'northwind-all-pass',
        claims: { AssetManufacturerView: fx.northwind, ITRSubmitter: true, ITRViewer: [1, 2, 3] },
      })
      const login = await server.call('auth', 'POST', '/api/token', {
        body: 'grant_type=password&username=northwind-all&password=northwind-all-pass',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      allCategories = { token: login.json().token }
    })
    const testBody = (productTypeId: number, serial: string) => ({
      supplierId: fx.northwind,
      productTypeId,
      recordTypeId: fx.types.test,
      data: { serial, testDate: '2026-03-01T10:00:00Z', equipment: [known.equipmentId], ratio: 0.5 },
    })

    it("the read: GET assetmodels of Contoso's Ring Main Unit is 404 for the supplier user", async () => {
      const read = await server.call('meta', 'GET', `/api/assetmodels/${fx.ringMainUnit}`, { as: 'supplier' })
      expect(read.statusCode).toBe(404)
      expect(read.json().message).toBe('Product type does not exist')
    })

    it.each([
      ["Contoso's Ring Main Unit", () => fx.ringMainUnit],
      ['a product type that does not exist', () => 999_999],
    ])('upload-single for %s answers 404 like the read, writing nothing', async (_, productTypeId) => {
      const before = await recordCount()
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
        as: 'supplier',
        body: testBody(productTypeId(), 'CRM:500'),
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Product type does not exist')
      expect(res.body).not.toContain('Ring Main Unit')
      expect(await recordCount()).toBe(before)
    })

    it('despatch for the Ring Main Unit answers 404 like the read, writing nothing', async () => {
      const before = await recordCount()
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/despatch', {
        ...allCategories,
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.ringMainUnit,
          recordTypeId: fx.types.despatch,
          data: { serial: 'CRM:1', date: '2026-02-03T00:00:00Z', job: 'JOB-8', customer: 'Acme Utilities' },
        },
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Product type does not exist')
      expect(await recordCount()).toBe(before)
    })

    it('PUT Record/{id} of its own Problem Report naming the Ring Main Unit answers 404, changing nothing', async () => {
      const before = await row(known.problem)
      const res = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${known.problem}`, {
        ...allCategories,
        body: { ...blindBody(), productTypeId: fx.ringMainUnit },
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Product type does not exist')
      expect(await row(known.problem)).toEqual(before)
    })

    it("the supplier's own product types and their sub components still take records", async () => {
      const own = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
        as: 'supplier',
        body: testBody(fx.transformer, 'NWT:43'),
      })
      expect(own.statusCode).toBe(200)
      const despatch = await server.call('submission', 'POST', '/api/InstrumentTest/despatch', {
        ...allCategories,
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.despatch,
          data: { serial: 'NWT:43', date: '2026-03-03T00:00:00Z', job: 'JOB-10', customer: 'Acme Utilities' },
        },
      })
      expect(despatch.statusCode).toBe(200)
    })
  })

  it('a record holds only documents its submitter may use, and naming a file in text grants nothing (issue #13.5)', async () => {
    const upload = async (as: 'configurator' | 'internal' | 'supplier') =>
      (
        await server.call('itr', 'POST', '/api/formDocuments', { as, ...multipart('cert.pdf', PDF) })
      ).json() as { savedFilename: string }
    const foreign = await upload('configurator')
    const own = await upload('internal')
    const calibration = (certificate: object, serial: string) =>
      server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
        as: 'internal',
        body: {
          deviceOwnerId: fx.owner,
          recordTypeId: fx.types.calibration,
          data: {
            serial,
            date: '2026-01-15T09:00:00Z',
            skip: false,
            frequency: 'P12M',
            house: fx.calibrator,
            certificate,
          },
        },
      })
    const before = await recordCount()
    const refused = await calibration(foreign, 'EPN-TE:61')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(`Document ${foreign.savedFilename} does not exist.`)
    expect(await recordCount()).toBe(before)
    expect((await calibration(own, 'EPN-TE:62')).statusCode).toBe(200)

    // The supplier names the configurator's loose file in a comment of its own record: still 404.
    const mention = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'supplier',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial: 'NWT:42',
          testDate: '2026-03-01T10:00:00Z',
          equipment: [known.equipmentId],
          ratio: 0.5,
          comments: `see ${foreign.savedFilename}`,
        },
      },
    })
    expect(mention.statusCode).toBe(200)
    const download = await server.call('itr', 'GET', `/api/formDocuments?filename=${foreign.savedFilename}`, {
      as: 'supplier',
    })
    expect(download.statusCode).toBe(404)
  })
})
