import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { dataPointTypes, records, testEquipment } from '../../server/db/schema/index'
import { fixtureEquipment, recordFixtures, type RecordFixtures } from './records-fixtures'

/**
 * Audit s9 F6 and F7: a body holds the fields its call takes, each checked. A calibration takes no
 * supplier and names an existing product type (the device's model) or none; a submission, a CSV upload
 * and a record type write refuse a top-level key they do not name (400 naming it), and nothing is written.
 */
describe('{submission} and {meta} bodies hold only what the call takes (audit s9)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    equipmentId = await fixtureEquipment(server, fx)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const counts = async () =>
    Promise.all(
      [records, testEquipment, dataPointTypes].map(
        async (table) => (await db().select({ n: count() }).from(table))[0].n,
      ),
    )
  const post = (path: string, body: object, as: 'internal' | 'configurator' = 'internal') =>
    server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as, body })
  const calibration = (serial: string, extra: object = {}) => ({
    deviceOwnerId: fx.owner,
    recordTypeId: fx.types.calibration,
    data: { serial, date: '2026-01-15', skip: true, tag: 'A-1' },
    ...extra,
  })
  const testBody = (serial: string, extra: object = {}) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.spotCheck,
    fileName: null,
    data: { serial, testDate: '2026-03-01', equipment: [equipmentId] },
    ...extra,
  })

  describe('F6: a calibration takes no supplier, and a product type that exists', () => {
    it('refuses a product type that does not exist with 400 naming it, not the foreign key 500', async () => {
      const before = await counts()
      const res = await post('calibration', calibration('EPN-TE:61', { productTypeId: 999999 }))
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Product type 999999 does not exist')
      expect(await counts()).toEqual(before)
    })

    it('refuses a supplier, naming it, rather than dropping it', async () => {
      const before = await counts()
      const res = await post('calibration', calibration('EPN-TE:62', { supplierId: fx.northwind }))
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'A calibration record takes no supplierId: its test equipment belongs to the device owner.',
      )
      expect(await counts()).toEqual(before)
    })

    it("takes the SPA's body (supplier and product type null) and an existing product type as the device's model", async () => {
      const plain = await post(
        'calibration',
        calibration('EPN-TE:63', { supplierId: null, productTypeId: null }),
      )
      expect(plain.statusCode).toBe(200)
      const typed = await post('calibration', calibration('EPN-TE:64', { productTypeId: fx.transformer }))
      expect(typed.statusCode).toBe(200)
      const [record] = await db().select().from(records).where(eq(records.id, typed.json().recordId))
      expect(record.productTypeId).toBe(fx.transformer)
      const item = await server.call('itr', 'GET', `/api/testEquipment/${typed.json().testEquipmentId}`, {
        as: 'internal',
      })
      expect(item.json().productTypeId).toBe(fx.transformer)
    })
  })

  describe('F7: unknown top-level keys are refused, naming them', () => {
    it('a record submission', async () => {
      const before = await counts()
      const res = await post(
        'upload-single/',
        testBody('NWT:801', { testResult: 'fail', recordDate: '2020-01-01', bogus: 1 }),
      )
      expect(res.statusCode).toBe(400)
      const { message, details } = res.json()
      expect(message).toBe(
        'Unknown field in the submission: "testResult". A submission holds supplierId, deviceOwnerId, ' +
          "productTypeId, recordTypeId, fileName, data, calibrationOverrides; the form's values go in data.",
      )
      // Every unknown key is named in the details.
      for (const key of ['testResult', 'recordDate', 'bogus'])
        expect(JSON.stringify(details)).toContain(`\\"${key}\\"`)
      expect(await counts()).toEqual(before)
    })

    it('an id or subjectId in a create (which once hid it from the audit trail)', async () => {
      for (const extra of [{ id: 4 }, { subjectId: 10 }]) {
        const res = await post('upload-single/', testBody('NWT:802', extra))
        expect(res.statusCode).toBe(400)
        expect(res.json().message).toContain(`Unknown field in the submission: "${Object.keys(extra)[0]}".`)
      }
      const calib = await post('calibration', calibration('EPN-TE:65', { id: 1 }))
      expect(calib.statusCode).toBe(400)
    })

    it("SPEC §3's body stays accepted, every field named", async () => {
      const res = await post('upload-single/', { ...testBody('NWT:803'), deviceOwnerId: null })
      expect(res.statusCode).toBe(200)
    })

    it('a device owner on a product record is refused, not dropped', async () => {
      const res = await post('upload-single/', { ...testBody('NWT:806'), deviceOwnerId: fx.owner })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'Only a calibration record takes a deviceOwnerId: a test, despatch or problem report record belongs to its supplier.',
      )
    })

    it('a CSV upload', async () => {
      const res = await post('upload-csv/', {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.csv,
        fileName: 'a.csv',
        data: Buffer.from('serial\nNWT:804\n').toString('base64'),
        extra: true,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/^Unknown field in the CSV upload: "extra"\./)
    })

    it('a record type write and an attribute write; the SPEC §7 bodies stay accepted', async () => {
      const meta = (method: 'POST' | 'PUT', path: string, body: object) =>
        server.call('meta', method, path, { as: 'configurator', body })
      const spec = {
        name: 'Body Check',
        sensorTypeId: 2,
        valueType: 'string',
        units: 'Test',
        description: 'description',
      }
      const before = await counts()
      const refused = await meta('POST', '/api/DataPointTypes/', { ...spec, id: 1 })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe(
        'Unknown field in the record type: "id". It holds name, sensorTypeId, valueType, units, description, reviewPolicy.',
      )
      expect(await counts()).toEqual(before)
      const created = await meta('POST', '/api/DataPointTypes/', spec)
      expect(created.statusCode).toBe(200)
      const id = created.json() as number
      const put = await meta('PUT', `/api/DataPointTypes/${id}`, { ...spec, attributes: [] })
      expect(put.statusCode).toBe(400)
      expect(put.json().message).toMatch(/^Unknown field in the record type: "attributes"\./)
      const attribute = { key: 'Note', value: 'x', name: 'Note', description: 'A note' }
      const bad = await meta('POST', `/api/DataPointTypes/attributes/${id}`, { ...attribute, entityId: 3 })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(
        'Unknown field in the attribute: "entityId". It holds key, value, name, description.',
      )
      expect((await meta('POST', `/api/DataPointTypes/attributes/${id}`, attribute)).statusCode).toBeLessThan(
        300,
      )
    })
  })
})
