import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { products } from '../../server/db/schema/index'
import { UsersRepository } from '../../server/auth/users'
import {
  multipart,
  PDF,
  recordFixtures,
  seedKnownRecords,
  type KnownRecords,
  type RecordFixtures,
} from './records-fixtures'

const filterPath = (filter: object) => encodeURIComponent(JSON.stringify(filter))
const NOT_FOUND_DOCUMENT = 'Could not load document at this time'

/**
 * Supplier and category scoping (issue 8): a supplier user (Northwind, ITRViewer [1] = Test) never gets
 * another supplier's rows from any list, detail, export or lookup, and a viewer only its categories.
 * Two suppliers have records: Northwind NWT:1..3 and Contoso CRM:1; test equipment EPN-TE:7 was used by
 * both, EPN-TE:8 only by Contoso, EPN-TE:9 never.
 */
describe('supplier and category scoping', () => {
  let server: TestServer
  let fx: RecordFixtures
  let known: KnownRecords
  let contosoOnlyEquipment: number
  let unusedEquipment: number
  let contosoProduct: number
  let northwindProduct: number
  let despatchViewer: string
  const docs: Record<'northwindRecord' | 'contosoRecord' | 'loose' | 'supplierOwn', string> = {
    northwindRecord: '',
    contosoRecord: '',
    loose: '',
    supplierOwn: '',
  }

  const upload = async (as: 'configurator' | 'supplier') => {
    const res = await server.call('itr', 'POST', '/api/formDocuments', {
      as,
      ...multipart('report.pdf', PDF),
    })
    expect(res.statusCode).toBe(200)
    return res.json() as { savedFilename: string }
  }
  const submit = async (path: string, body: object) => {
    const res = await server.call('submission', 'POST', `/api/InstrumentTest/${path}`, {
      as: 'configurator',
      body,
    })
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.body}`)
    return res.json() as { recordId: number; testEquipmentId: number | null }
  }
  const calibrate = async (serial: string) =>
    (
      await submit('calibration', {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial, date: '2026-04-02T00:00:00Z', skip: true, description: serial },
      })
    ).testEquipmentId!
  const testRecord = (
    supplierId: number,
    productTypeId: number,
    serial: string,
    equipment: number[],
    extra = {},
  ) =>
    submit('upload-single', {
      supplierId,
      productTypeId,
      recordTypeId: fx.types.test,
      data: {
        serial,
        testDate: '2026-01-09T12:00:00Z',
        equipment,
        result: 'Pass',
        ratio: { value: 0.5, passOrFail: 'Pass' },
        ...extra,
      },
    })

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    known = await seedKnownRecords(server, fx)
    contosoOnlyEquipment = await calibrate('EPN-TE:8')
    unusedEquipment = await calibrate('EPN-TE:9')
    const northwindDoc = await upload('configurator')
    const contosoDoc = await upload('configurator')
    docs.northwindRecord = northwindDoc.savedFilename
    docs.contosoRecord = contosoDoc.savedFilename
    docs.loose = (await upload('configurator')).savedFilename
    docs.supplierOwn = (await upload('supplier')).savedFilename
    // Uploads travel in a record's data as their Document object, in the layout's upload control.
    await testRecord(fx.northwind, fx.transformer, 'NWT:50', [known.equipmentId], {
      attachment: northwindDoc,
    })
    await testRecord(fx.contoso, fx.ringMainUnit, 'CRM:50', [contosoOnlyEquipment], {
      attachment: contosoDoc,
    })
    const db = server.database.db
    contosoProduct = (await db.select().from(products).where(eq(products.productSerialNumber, 'CRM:50')))[0]
      .id
    northwindProduct = (await db.select().from(products).where(eq(products.productSerialNumber, 'NWT:50')))[0]
      .id

    await new UsersRepository(db).add({
      username: 'despatch-viewer',
      email: 'dv@itr.example',
      password: 'despatch-viewer-pass',
      claims: { ITRViewer: [2] },
    })
    const login = await server.call('auth', 'POST', '/api/token', {
      body: 'grant_type=password&username=despatch-viewer&password=despatch-viewer-pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    despatchViewer = login.json().token
  }, 120_000)
  afterAll(() => server.close())

  const get = (
    host: 'meta' | 'data' | 'itr',
    path: string,
    who: 'supplier' | 'internal' | 'configurator' | { token: string } = 'supplier',
  ) => server.call(host, 'GET', path, typeof who === 'string' ? { as: who } : who)

  describe('a supplier user', () => {
    it('lists only its own products, and finds no other supplier’s product by serial', async () => {
      const page = (await get('meta', `/api/assets/page/1/size/100/filter/${filterPath({})}`)).json()
      expect(page.totalCount).toBeGreaterThan(0)
      expect(new Set(page.result.map((p: { assetManufacturerId: number }) => p.assetManufacturerId))).toEqual(
        new Set([fx.northwind]),
      )
      const lookup = (
        await get('meta', `/api/assets/page/1/size/10/filter/${filterPath({ serialNumbers: ['CRM:1'] })}`)
      ).json()
      expect(lookup).toMatchObject({ totalCount: 0, result: [] })
    })

    it('gets only its own products by type, and 404 on another supplier’s product mappings and test equipment', async () => {
      expect((await get('meta', `/api/assets/bytype/${fx.ringMainUnit}`)).json()).toEqual([])
      const own = (await get('meta', `/api/assets/bytype/${fx.transformer}`)).json()
      expect(own.length).toBeGreaterThan(0)
      expect(own.every((p: { assetManufacturerId: number }) => p.assetManufacturerId === fx.northwind)).toBe(
        true,
      )
      expect((await get('meta', `/api/Assets/parentMappings/${contosoProduct}`)).statusCode).toBe(404)
      expect((await get('meta', `/api/Assets/parentMappings/${northwindProduct}`)).statusCode).toBe(200)
      expect((await get('itr', `/api/products/${contosoProduct}/testEquipment`)).statusCode).toBe(404)
      const ownEquipment = (await get('itr', `/api/products/${northwindProduct}/testEquipment`)).json()
      expect(ownEquipment.map((e: { id: number }) => e.id)).toEqual([known.equipmentId])
    })

    it('sees only its own records of its categories, in the page and in the detail', async () => {
      const page = (
        await get('data', `/api/InstrumentTestRecord/Records/page/1/size/100/filter/${filterPath({})}`)
      ).json()
      const serials = page.result.map((r: { productSerialNumber: string }) => r.productSerialNumber).sort()
      expect(serials).toEqual(['NWT:1', 'NWT:2', 'NWT:3', 'NWT:50'])
      expect(page.result.every((r: { category: string }) => r.category === 'test')).toBe(true)
      const asked = (
        await get(
          'data',
          `/api/InstrumentTestRecord/Records/page/1/size/100/filter/${filterPath({ filters: [{ field: 'supplierId', value: fx.contoso }] })}`,
        )
      ).json()
      expect(asked.totalCount).toBe(0)
      expect((await get('data', `/api/InstrumentTestRecord/Record/${known.contosoTest}`)).statusCode).toBe(
        404,
      )
      // Its own despatch record is of a category its ITRViewer claim does not list.
      expect((await get('data', `/api/InstrumentTestRecord/Record/${known.despatch}`)).statusCode).toBe(404)
      expect((await get('data', `/api/InstrumentTestRecord/Record/${known.test[0]}`)).statusCode).toBe(200)
    })

    it('exports only its own records of its categories', async () => {
      const rows = await exportSerials({ filters: [] }, 'supplier')
      expect(rows.sort()).toEqual(['NWT:1', 'NWT:2', 'NWT:3', 'NWT:50'])
    })

    it('lists only test equipment used on its own products or records; looks items up by serial and id', async () => {
      const list = (await get('itr', '/api/testEquipment')).json()
      expect(list.map((e: { id: number }) => e.id)).toEqual([known.equipmentId])
      const all = (await get('itr', '/api/testEquipment', 'configurator')).json()
      expect(all.map((e: { id: number }) => e.id)).toEqual(
        expect.arrayContaining([known.equipmentId, contosoOnlyEquipment, unusedEquipment]),
      )
      // The data-entry picker adds equipment by scanned serial or typed id before any record links it.
      expect((await get('itr', '/api/testEquipment?serialNumber=EPN-TE:9')).statusCode).toBe(200)
      expect((await get('itr', `/api/testEquipment/${unusedEquipment}`)).statusCode).toBe(200)
    })

    it('downloads its own uploads and files of its own records, never another supplier’s or loose files', async () => {
      const doc = (name: string) => get('itr', `/api/formDocuments?filename=${name}`)
      expect((await doc(docs.supplierOwn)).statusCode).toBe(200)
      expect((await doc(docs.northwindRecord)).statusCode).toBe(200)
      for (const name of [docs.contosoRecord, docs.loose]) {
        const res = await doc(name)
        expect(res.statusCode).toBe(404)
        expect(res.json().message).toBe(NOT_FOUND_DOCUMENT)
      }
      expect(
        (await get('itr', `/api/formDocuments?filename=${docs.contosoRecord}`, 'configurator')).statusCode,
      ).toBe(200)
    })

    it('reads only its own supplier and product types', async () => {
      expect((await get('meta', `/api/assetmanufacturers/${fx.contoso}`)).statusCode).toBe(403)
      expect((await get('meta', '/api/assetmanufacturers')).statusCode).toBe(403)
      const types = (await get('meta', '/api/AssetModels')).json().map((t: { id: number }) => t.id)
      expect(types).toContain(fx.transformer)
      expect(types).not.toContain(fx.ringMainUnit)
      const itrTypes = (await get('itr', '/api/productTypes')).json().map((t: { id: number }) => t.id)
      expect(itrTypes).not.toContain(fx.ringMainUnit)
      for (const path of [
        `/api/assetmodels/${fx.ringMainUnit}`,
        `/api/AssetModels/ParentMappings/${fx.ringMainUnit}`,
        `/api/AssetModels/attributes/${fx.ringMainUnit}/FaultRepairItems`,
      ])
        expect((await get('meta', path)).statusCode, path).toBe(404)
    })

    it('cannot submit a record for another supplier', async () => {
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
        as: 'supplier',
        body: {
          supplierId: fx.contoso,
          productTypeId: fx.ringMainUnit,
          recordTypeId: fx.types.test,
          data: { serial: 'CRM:60', testDate: '2026-01-09T12:00:00Z', equipment: [known.equipmentId] },
        },
      })
      expect(res.statusCode).toBe(403)
    })
  })

  describe('a viewer limited to Despatch (ITRViewer [2])', () => {
    it('pages, opens and exports only despatch records', async () => {
      const page = (
        await get('data', `/api/InstrumentTestRecord/Records/page/1/size/100/filter/${filterPath({})}`, {
          token: despatchViewer,
        })
      ).json()
      expect(page.result.map((r: { recordId: number }) => r.recordId)).toEqual([known.despatch])
      expect(
        (await get('data', `/api/InstrumentTestRecord/Record/${known.test[0]}`, { token: despatchViewer }))
          .statusCode,
      ).toBe(404)
      expect(await exportSerials({ filters: [] }, { token: despatchViewer })).toEqual(['NWT:1'])
    })

    it('cannot download files of test records', async () => {
      const res = await get('itr', `/api/formDocuments?filename=${docs.northwindRecord}`, {
        token: despatchViewer,
      })
      expect(res.statusCode).toBe(404)
    })
  })

  /** Runs an export as `who`, waits for the job and answers the workbook's serial column. */
  async function exportSerials(filter: object, who: 'supplier' | { token: string }): Promise<string[]> {
    const auth = typeof who === 'string' ? { as: who } : who
    const base = '/api/InstrumentTestRecord/ExcelExport'
    const started = await server.call('data', 'GET', `${base}/filter/${filterPath(filter)}`, auth)
    expect(started.statusCode).toBe(200)
    const { jobId } = started.json()
    await vi.waitFor(
      async () => {
        const status = (await server.call('data', 'GET', `${base}/jobs/${jobId}`, auth)).json()
        if (status.status !== 'done') throw new Error(`job ${status.status}`)
      },
      { timeout: 20_000, interval: 50 },
    )
    // Another user's job is not theirs to read.
    expect((await server.call('data', 'GET', `${base}/jobs/${jobId}`, { as: 'internal' })).statusCode).toBe(
      404,
    )
    const file = await server.call('data', 'GET', `${base}/jobs/${jobId}/download`, auth)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Records')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
    const serialColumn = header.findIndex((h) => /serial/i.test(h)) + 1
    expect(serialColumn, `serial column in ${header.join(', ')}`).toBeGreaterThan(0)
    const serials: string[] = []
    sheet.eachRow((row, n) => {
      if (n > 1) serials.push(String(row.getCell(serialColumn).value))
    })
    return serials
  }
})
