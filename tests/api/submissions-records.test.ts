import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { customers, products, records, testEquipment } from '../../server/db/schema/index'
import { multipart, PDF, recordFixtures, type RecordFixtures } from './records-fixtures'

describe('{submission} record submissions', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const countOf = async (table: typeof records | typeof products | typeof testEquipment) =>
    (await db().select({ n: count() }).from(table))[0].n
  const post = (
    path: string,
    body: object,
    as: 'internal' | 'supplier' | 'configurator' = 'internal',
    headers = {},
  ) => server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as, body, headers })
  const testBody = (data: Record<string, unknown>, extra: object = {}) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.test,
    fileName: null,
    data: {
      serial: 'NWT:101',
      testDate: '2026-03-01T10:00:00Z',
      equipment: [equipmentId],
      result: 'Pass',
      ratio: { value: 0.5, passOrFail: 'Pass' },
      ...data,
    },
    ...extra,
  })

  it('calibration creates test equipment within the owner range, with its latest calibration', async () => {
    const { body, headers } = multipart('cert.pdf', PDF)
    const doc = (
      await server.call('itr', 'POST', '/api/formDocuments', { as: 'internal', body, headers })
    ).json()
    const res = await post('calibration', {
      deviceOwnerId: fx.owner,
      recordTypeId: fx.types.calibration,
      data: {
        serial: 'EPN-TE:42',
        date: '2026-01-15T09:00:00Z',
        description: 'Insulation tester',
        tag: '',
        location: fx.ownerLocation,
        skip: false,
        house: fx.calibrator,
        frequency: 'P12M',
        certificate: doc,
      },
    })
    expect(res.statusCode).toBe(200)
    const result = res.json()
    expect(result.message).toBe(
      'File uploaded successfully. You will be notified once the file is proccessed.',
    )
    equipmentId = result.testEquipmentId

    const item = (
      await server.call('itr', 'GET', `/api/testEquipment/${equipmentId}`, { as: 'internal' })
    ).json()
    expect(item).toMatchObject({
      id: equipmentId,
      serialNumber: { full: 'EPN-TE:42', prefix: 'EPN-TE:', value: '42' },
      description: 'Insulation tester',
      assetTag: 'Unknown',
      location: { name: fx.ownerLocation },
      owner: { id: fx.owner, name: 'Eastern Power Networks' },
      latestCalibration: {
        skipped: false,
        date: '2026-01-15T09:00:00.000Z',
        expires: '2027-01-15T09:00:00.000Z',
        calibrator: { name: fx.calibrator },
        certificate: doc.savedFilename,
      },
    })
  })

  it('finds test equipment by serial number and says so when there is none', async () => {
    const found = await server.call('itr', 'GET', '/api/testEquipment?serialNumber=epn-te:42', {
      as: 'supplier',
    })
    expect(found.statusCode).toBe(200)
    expect(found.json().map((t: { id: number }) => t.id)).toEqual([equipmentId])
    const none = await server.call('itr', 'GET', '/api/testEquipment?serialNumber=EPN-TE:999', {
      as: 'internal',
    })
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe(
      'Could not find any test equipment with this serial number. Please ensure this device has been created.',
    )
    const byId = await server.call('itr', 'GET', '/api/testEquipment/99999', { as: 'internal' })
    expect(byId.statusCode).toBe(404)
    expect(byId.json().message).toBe('Could not find test equipment with ID 99999')
  })

  it('refuses a calibration serial outside the owner ranges, writing nothing', async () => {
    const before = await countOf(testEquipment)
    const res = await post('calibration', {
      deviceOwnerId: fx.owner,
      recordTypeId: fx.types.calibration,
      data: { serial: 'EPN-TE:5000', date: '2026-01-15', skip: true },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Serial number EPN-TE:5000 is not within any test equipment serial range of Eastern Power Networks.',
    )
    expect(await countOf(testEquipment)).toBe(before)
  })

  it('refuses a calibration frequency whose expiry date is out of range (400, not 500), writing nothing', async () => {
    const before = await countOf(testEquipment)
    const calibrate = (date: string, frequency: string) =>
      post('calibration', {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:60', date, skip: false, house: fx.calibrator, frequency },
      })
    for (const frequency of ['P300000Y', 'P999999Y', 'P99999999Y', 'PT99999999999999H', 'P8000Y']) {
      const res = await calibrate('2026-11-01', frequency)
      expect(res.statusCode, frequency).toBe(400)
      expect(res.json().message).toBe(
        `Calibration frequency ${frequency} in "frequency" gives an expiry date after 31/12/9999.`,
      )
    }
    // A calibration late in the year 9999 is a date in the future now (walk s14 D2): refused as such.
    const late = await calibrate('9999-12-15', 'P1M')
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toMatch(
      /^"15\/12\/9999" in "date" is after today \(.*\): a record cannot be dated in the future\.$/,
    )
    expect(await countOf(testEquipment)).toBe(before)

    // An expiry within the year 9999 is stored.
    const last = await calibrate('2026-11-01', 'P7973Y')
    expect(last.statusCode).toBe(200)
    const item = (
      await server.call('itr', 'GET', `/api/testEquipment/${last.json().testEquipmentId}`, { as: 'internal' })
    ).json()
    expect(item.latestCalibration.expires).toBe('9999-11-01T00:00:00.000Z')
  })

  it('a skipped calibration has no expiry and needs no calibration house', async () => {
    const res = await post('calibration', {
      deviceOwnerId: fx.owner,
      recordTypeId: fx.types.calibration,
      data: { serial: 'EPN-TE:43', date: '2026-01-15', skip: true, tag: 'A-1' },
    })
    expect(res.statusCode).toBe(200)
    const item = (
      await server.call('itr', 'GET', `/api/testEquipment/${res.json().testEquipmentId}`, { as: 'internal' })
    ).json()
    expect(item.assetTag).toBe('A-1')
    expect(item.location).toEqual({ id: null, name: 'Unknown Location' })
    expect(item.latestCalibration).toMatchObject({ skipped: true, expires: null, calibrator: null })
  })

  it('a test record creates the product, its component and links test equipment', async () => {
    const res = await post('upload-single/', testBody({ bushing: 'NWB:7' }))
    expect(res.statusCode).toBe(200)
    const { recordId, productId } = res.json()
    const [product] = await db().select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({
      productSerialNumber: 'NWT:101',
      serialNumberPrefix: 'NWT:',
      serialNumber: '101',
      assetModelId: fx.transformer,
      assetManufacturerId: fx.northwind,
      currentStatus: 'pass',
    })
    expect(product.dateOfLastRecord?.toISOString()).toBe('2026-03-01T10:00:00.000Z')
    const [bushing] = await db().select().from(products).where(eq(products.productSerialNumber, 'NWB:7'))
    expect(bushing.parentId).toBe(productId)
    const parent = await server.call('meta', 'GET', `/api/Assets/parentMappings/${bushing.id}`, {
      as: 'internal',
    })
    expect(parent.json()).toEqual({ parentId: productId })

    const linked = await server.call('itr', 'GET', `/api/products/${productId}/testEquipment`, {
      as: 'internal',
    })
    expect(linked.json().map((t: { id: number }) => t.id)).toEqual([equipmentId])
    const [record] = await db().select().from(records).where(eq(records.id, recordId))
    expect(record).toMatchObject({ category: 'test', testResult: 'pass', productSerialNumber: 'NWT:101' })
  })

  it('the product status follows the newest record, not the last submitted', async () => {
    const failing = { result: 'Fail', ratio: { value: 1.5, passOrFail: 'Fail' } }
    const older = await post('upload-single', testBody({ testDate: '2026-02-01T00:00:00Z', ...failing }))
    expect(older.statusCode).toBe(200)
    let [product] = await db().select().from(products).where(eq(products.id, older.json().productId))
    expect(product.currentStatus).toBe('pass')
    const newer = await post('upload-single', testBody({ testDate: '2026-04-01T00:00:00Z', ...failing }))
    ;[product] = await db().select().from(products).where(eq(products.id, newer.json().productId))
    expect(product.currentStatus).toBe('fail')
    const [record] = await db().select().from(records).where(eq(records.id, newer.json().recordId))
    expect(record.testResult).toBe('fail')
  })

  it('refuses a serial outside the supplier ranges with a message naming it, writing nothing', async () => {
    const before = [await countOf(records), await countOf(products)]
    const res = await post('upload-single', testBody({ serial: 'NWT:6000' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Serial number NWT:6000 is not within any serial range of Northwind Transformers for product type Distribution Transformer 11kV.',
    )
    expect([await countOf(records), await countOf(products)]).toEqual(before)
  })

  it('rolls back everything when a later step fails (component out of range)', async () => {
    const before = [await countOf(records), await countOf(products)]
    const res = await post('upload-single', testBody({ serial: 'NWT:102', bushing: 'NWB:999999' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('NWB:999999')
    expect([await countOf(records), await countOf(products)]).toEqual(before)
  })

  it('requires the layout minimum of test equipment (SPEC §5)', async () => {
    const res = await post('upload-single', testBody({ equipment: [] }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('At least 1 test equipment required for Test equipment used')
  })

  it('refuses bad dates and results with the field label named (the layout data schema)', async () => {
    const date = await post('upload-single', testBody({ testDate: 'yesterday' }))
    expect(date.statusCode).toBe(400)
    expect(date.json().message).toBe(
      "Test date must be a date (yyyy-MM-dd, or an ISO 8601 date and time), not 'yesterday'.",
    )
    const result = await post('upload-single', testBody({ result: 'maybe' }))
    expect(result.json().message).toBe("Tests must be Pass, Fail, - or n/a, not 'maybe'.")
  })

  it('lets a supplier user submit for its own supplier only', async () => {
    const own = await post('upload-single', testBody({ serial: 'NWT:103' }, { supplierId: null }), 'supplier')
    expect(own.statusCode).toBe(200)
    const other = await post(
      'upload-single',
      testBody({ serial: 'CRM:5' }, { supplierId: fx.contoso, productTypeId: fx.ringMainUnit }),
      'supplier',
    )
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe('You may only submit records for your own supplier.')
  })

  it('sends each category to its own call', async () => {
    const res = await post('despatch', testBody({}))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Record type Fixture Test is not a Despatch record type.')
  })

  it('despatch records carry job, batch and a customer created on first use', async () => {
    const body = {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.despatch,
      data: {
        serial: 'NWT:101',
        date: '2026-05-01T08:00:00Z',
        job: 'JOB-77',
        customer: 'Brand New Utility',
        batch: 'B-1',
        serialised: 'NWT:101\nNWT:103',
        nonSerialised: 'Bolts x 4',
      },
    }
    const res = await post('despatch', body)
    expect(res.statusCode).toBe(200)
    const [record] = await db().select().from(records).where(eq(records.id, res.json().recordId))
    expect(record).toMatchObject({ category: 'despatch', jobNumber: 'JOB-77', batchNumber: 'B-1' })
    const [customer] = await db().select().from(customers).where(eq(customers.id, record.customerId!))
    expect(customer.name).toBe('Brand New Utility')
    const again = await post('despatch', { ...body, data: { ...body.data, customer: 'brand new utility' } })
    const [second] = await db().select().from(records).where(eq(records.id, again.json().recordId))
    expect(second.customerId).toBe(record.customerId)
  })

  it('problem reports store fault/repair items and may be edited with PUT', async () => {
    const body = {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: {
        serial: 'NWT:101',
        date: '2026-06-01T08:00:00Z',
        faultItems: ['Oil leak', 'Damaged bushing'],
        repairItems: ['Replaced gasket'],
        faultDescriptives: ['Water ingress'],
        repairDescriptives: [],
      },
    }
    const res = await post('upload-single', body)
    expect(res.statusCode).toBe(200)
    const id = res.json().recordId
    let [record] = await db().select().from(records).where(eq(records.id, id))
    expect(record).toMatchObject({
      faultItems: 'Oil leak, Damaged bushing',
      repairItems: 'Replaced gasket',
      faultDescriptives: 'Water ingress',
      repairDescriptives: null,
    })
    const edit = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
      as: 'internal',
      body: { ...body, data: { ...body.data, repairDescriptives: ['Cleaned contacts'] } },
    })
    expect(edit.statusCode).toBe(200)
    ;[record] = await db().select().from(records).where(eq(records.id, id))
    expect(record.repairDescriptives).toBe('Cleaned contacts')
    expect(record.updatedAt).not.toBeNull()

    const [testRecord] = await db().select().from(records).where(eq(records.category, 'test')).limit(1)
    const notPr = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${testRecord.id}`, {
      as: 'internal',
      body,
    })
    expect(notPr.statusCode).toBe(400)
    expect(notPr.json().message).toBe('Only Problem Report records can be edited.')
  })

  it('refuses an edit that names another record type, product type or supplier, and changes nothing', async () => {
    const body = {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:121', date: '2026-06-02T08:00:00Z', faultItems: ['Oil leak'] },
    }
    const id = (await post('upload-single', body)).json().recordId
    const [before] = await db().select().from(records).where(eq(records.id, id))
    const productsBefore = await countOf(products)
    const edit = (changes: Record<string, unknown>, data: Record<string, unknown> = {}) =>
      server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
        as: 'internal',
        body: { ...body, ...changes, data: { ...body.data, faultItems: ['Cracked casing'], ...data } },
      })
    // A second maker of transformers in the same serial range: only the supplier differs.
    const meta = (path: string, payload: unknown) =>
      server.call('meta', 'POST', path, { as: 'configurator', body: payload })
    const second = (await meta('/api/assetmanufacturers', { name: 'Second Transformers' })).json()
    const range = [{ id: fx.transformer, serialRanges: [{ id: -1, prefix: 'NWT:', min: 1, max: 1000 }] }]
    const stored = await meta(`/api/assetmanufacturers/attributes/${second}`, {
      tableName: 'AssetManufacturers',
      key: 'SupplierProducts',
      name: 'SupplierProducts',
      description: '',
      value: JSON.stringify(range),
    })
    expect(stored.statusCode).toBe(204)
    const refusals = [
      [{ supplierId: second }, {}, 'supplier'],
      [{ recordTypeId: fx.types.test }, {}, 'record type'],
      [{ productTypeId: fx.ringMainUnit }, { serial: 'CRM:55' }, 'product type'],
      [{ supplierId: fx.contoso, productTypeId: fx.ringMainUnit }, { serial: 'CRM:55' }, 'product type'],
    ] as const
    for (const [changes, data, what] of refusals) {
      const res = await edit(changes, data)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        `Record ${id} keeps its ${what} when edited; store a new record for another ${what}.`,
      )
    }
    const [after] = await db().select().from(records).where(eq(records.id, id))
    expect(after).toEqual(before)
    expect(await countOf(products)).toBe(productsBefore)
    // The same record's own ids with a corrected fault are still an edit.
    expect((await edit({})).statusCode).toBe(200)
  })

  it('answers a retried submission with the same Idempotency-Key without storing twice', async () => {
    const before = await countOf(records)
    const headers = { 'idempotency-key': 'retry-1' }
    const first = await post('upload-single', testBody({ serial: 'NWT:104' }), 'internal', headers)
    const second = await post('upload-single', testBody({ serial: 'NWT:104' }), 'internal', headers)
    expect(first.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(await countOf(records)).toBe(before + 1)
  })

  it('refuses an Idempotency-Key reused with another body (422), writing nothing, and keeps the first answer', async () => {
    const headers = { 'idempotency-key': 'retry-2' }
    const first = await post('upload-single', testBody({ serial: 'NWT:106' }), 'internal', headers)
    expect(first.statusCode).toBe(200)
    const before = [await countOf(records), await countOf(products)]
    // Same key, one value changed: its data would be silently dropped if the first answer came back.
    const changed = await post(
      'upload-single',
      testBody({ serial: 'NWT:106', ratio: { value: 0.25, passOrFail: 'Pass' } }),
      'internal',
      headers,
    )
    expect(changed.statusCode).toBe(422)
    expect(changed.json().message).toBe('This Idempotency-Key was already used for a different request.')
    const otherRecord = await post('upload-single', testBody({ serial: 'NWT:107' }), 'internal', headers)
    expect(otherRecord.statusCode).toBe(422)
    expect([await countOf(records), await countOf(products)]).toEqual(before)
    // The same body again (keys in another order) is still the retry it always was.
    const body = testBody({ serial: 'NWT:106' })
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    const retry = await post('upload-single', reordered, 'internal', headers)
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual(first.json())
    // Another call with the key: 409 as before.
    const despatch = await post('despatch', body, 'internal', headers)
    expect(despatch.statusCode).toBe(409)
    expect(despatch.json().message).toBe('This Idempotency-Key was already used for another call.')
  })

  it('counts ?revisionOf= as part of the request: the key reused for a revision of another record is 422', async () => {
    const first = await post('upload-single', testBody({ serial: 'NWT:108' }))
    const second = await post('upload-single', testBody({ serial: 'NWT:108' }))
    const headers = { 'idempotency-key': 'retry-3' }
    const body = testBody({ serial: 'NWT:108' })
    const revision = await post(
      `upload-single?revisionOf=${first.json().recordId}`,
      body,
      'internal',
      headers,
    )
    expect(revision.statusCode).toBe(200)
    const before = await countOf(records)
    const other = await post(`upload-single?revisionOf=${second.json().recordId}`, body, 'internal', headers)
    expect(other.statusCode).toBe(422)
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request.')
    const retry = await post(`upload-single?revisionOf=${first.json().recordId}`, body, 'internal', headers)
    expect(retry.json()).toEqual(revision.json())
    expect(await countOf(records)).toBe(before)
  })

  it('stores n/a test field results as "-"', async () => {
    const res = await post(
      'upload-single',
      testBody({ serial: 'NWT:105', ratio: { value: null, passOrFail: 'n/a' } }),
    )
    const [record] = await db().select().from(records).where(eq(records.id, res.json().recordId))
    expect(record.data.ratio).toEqual({ value: null, passOrFail: '-' })
  })
})
