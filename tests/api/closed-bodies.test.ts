import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import {
  appSettings,
  assetManufacturers,
  assetModelParents,
  assetModels,
  calibrators,
  configurationEntries,
  deviceOwnerLocations,
  deviceOwners,
  entityAttributes,
  impactCaseRecords,
  impactCases,
  jobs,
  supplierProducts,
  supplierSerialRanges,
} from '../../server/db/schema/index'

type Host = 'meta' | 'itr' | 'config' | 'data'
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Role = 'configurator' | 'viewAll'

/**
 * Audit s9 F7, beyond the submission: every write body takes the fields its call names and no other. A
 * body with one more key is refused with 400 naming it (schemas/entities/closed-body.ts) and nothing is
 * written; the bodies the SPA and SPEC's clients send, read-only fields sent back included, are still
 * taken.
 */
describe('write bodies refuse keys they do not name (audit s9 F7)', () => {
  let server: TestServer
  let supplierId: number
  let productTypeId: number
  let ownerId: number
  let locationId: number
  let calibratorId: number
  let recordId: number
  beforeAll(async () => {
    server = await startTestServer()
    supplierId = (await call('meta', 'GET', '/api/assetmanufacturers')).json()[0].id
    productTypeId = ok(await call('meta', 'POST', '/api/assetmodels/', { name: 'Closed Body Meter' }))
    ownerId = ok(await call('itr', 'POST', '/api/deviceOwners', { name: 'Closed Body Owner' }))
    locationId = ok(await call('itr', 'POST', `/api/DeviceOwners/${ownerId}/Locations`, { name: 'Shelf A' }))
    calibratorId = ok(await call('itr', 'POST', '/api/calibrators', { name: 'Closed Body Cal' }))
    const page = await call('data', 'GET', `/api/InstrumentTestRecord/Records/page/1/size/1/filter/{}`)
    recordId = page.json().result[0].recordId
  })
  afterAll(() => server.close())

  const call = (
    host: Host | 'meta',
    method: Method | 'GET',
    path: string,
    body?: unknown,
    as: Role = 'viewAll',
  ) => server.call(host, method, path, { as, body })
  const ok = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as number
  }

  /** Every table these calls write, whole: a refused call must leave each as it was. */
  const TABLES = [
    assetManufacturers,
    assetModels,
    assetModelParents,
    supplierProducts,
    supplierSerialRanges,
    entityAttributes,
    configurationEntries,
    deviceOwners,
    deviceOwnerLocations,
    calibrators,
    impactCases,
    impactCaseRecords,
    appSettings,
    jobs,
  ]
  const snapshot = async () =>
    Promise.all(
      TABLES.map(async (t) =>
        (await server.database.db.select().from(t)).map((row) => JSON.stringify(row)).sort(),
      ),
    )

  const products = (extraProduct = {}, extraRange = {}) =>
    JSON.stringify([
      {
        id: productTypeId,
        name: 'Closed Body Meter',
        serialRanges: [{ id: 1, prefix: 'CB', min: 1, max: 9, ...extraRange }],
        ...extraProduct,
      },
    ])
  const settings = { organisationName: 'Eastern Power', addressLine: '1 Grid Way', logo: null }

  /** [call, host, method, path, body with one key too many, the message]. */
  const REFUSED: [string, Host, Method, () => string, () => unknown, string][] = [
    [
      'supplier create',
      'meta',
      'POST',
      () => '/api/assetmanufacturers',
      () => ({ name: 'X', colour: 'red' }),
      'Unknown field in the supplier: "colour". It holds name.',
    ],
    [
      'supplier rename',
      'meta',
      'PUT',
      () => `/api/assetmanufacturers/${supplierId}/`,
      () => ({ name: 'X', id: supplierId }),
      'Unknown field in the supplier: "id". It holds name.',
    ],
    [
      'supplier attribute',
      'meta',
      'POST',
      () => `/api/assetmanufacturers/attributes/${supplierId}`,
      () => ({ key: 'Region', value: 'North', colour: 'red' }),
      'Unknown field in the attribute: "colour". It holds tableName, key, name, description, value.',
    ],
    [
      'supplier products (a product)',
      'meta',
      'POST',
      () => `/api/assetmanufacturers/attributes/${supplierId}`,
      () => ({ key: 'SupplierProducts', value: products({ colour: 'red' }) }),
      'Unknown field in the supplier product: "colour". It holds id, name, serialRanges.',
    ],
    [
      'supplier products (a range)',
      'meta',
      'POST',
      () => `/api/assetmanufacturers/attributes/${supplierId}`,
      () => ({ key: 'SupplierProducts', value: products({}, { step: 2 }) }),
      'Unknown field in the serial range: "step". It holds id, prefix, min, max.',
    ],
    [
      'serial range check',
      'meta',
      'POST',
      () => `/api/assetmanufacturers/${supplierId}/serialRanges/check`,
      () => ({ prefix: 'CB', min: 1, max: 9, supplierId }),
      'Unknown field in the serial range check: "supplierId". It holds prefix, min, max.',
    ],
    [
      'product type create',
      'meta',
      'POST',
      () => '/api/assetmodels/',
      () => ({ name: 'X', parent: 4 }),
      'Unknown field in the product type: "parent". It holds name, description, assetTypeKey, assetManufacturerId.',
    ],
    [
      'product type update',
      'meta',
      'PUT',
      () => `/api/assetmodels/${productTypeId}`,
      () => ({ name: 'X', attributes: [] }),
      'Unknown field in the product type: "attributes". It holds name, description, assetTypeKey, assetManufacturerId.',
    ],
    [
      'product type attribute',
      'meta',
      'POST',
      () => `/api/AssetModels/Attributes/${productTypeId}`,
      () => ({ key: 'NoSerialNumberPrefix', value: 'true', enabled: true }),
      'Unknown field in the attribute: "enabled". It holds tableName, key, name, description, value.',
    ],
    [
      'product type attribute by key',
      'meta',
      'PUT',
      () => `/api/AssetModels/attributes/${productTypeId}/FaultRepairItems`,
      () => ({ key: 'FaultRepairItems', value: '["Seal"]', items: ['Seal'] }),
      'Unknown field in the attribute: "items". It holds tableName, key, name, description, value.',
    ],
    [
      'parent mapping delete',
      'meta',
      'DELETE',
      () => '/api/Mapping',
      () => ({
        subjectTableName: 'AssetModels',
        subjectId: productTypeId,
        parentTableName: 'AssetModels',
        parentId: 1,
        cascade: true,
      }),
      'Unknown field in the mapping: "cascade". It holds id, subjectTableName, subjectId, parentTableName, parentId, parentName.',
    ],
    [
      'descriptive',
      'meta',
      'POST',
      () => '/api/Configuration/',
      () => ({ domain: 'ITRFAULTDESCRIPTIVE', value: 'Leak', colour: 'red' }),
      'Unknown field in the Survey/Repair descriptive: "colour". It holds domain, id, key, value, description, shortDescription.',
    ],
    [
      'owner create',
      'itr',
      'POST',
      () => '/api/deviceOwners',
      () => ({ name: 'X', createdInItr: false }),
      'Unknown field in the owner: "createdInItr". It holds name, parentId.',
    ],
    [
      'owner update',
      'itr',
      'PATCH',
      () => `/api/deviceOwners/${ownerId}`,
      () => ({ name: 'X', parent: null }),
      'Unknown field in the owner: "parent". It holds name, parentId.',
    ],
    [
      'owner ranges',
      'itr',
      'PUT',
      () => `/api/deviceOwners/${ownerId}/serialRanges/testEquipment`,
      () => [{ id: 1, prefix: 'CB:', min: 1, max: 9, owner: 'x' }],
      'Unknown field in the serial range: "owner". It holds id, prefix, min, max.',
    ],
    [
      'location create',
      'itr',
      'POST',
      () => `/api/DeviceOwners/${ownerId}/Locations`,
      () => ({ name: 'X', id: 3 }),
      'Unknown field in the location: "id". It holds name.',
    ],
    [
      'location rename',
      'itr',
      'PUT',
      () => `/api/DeviceOwners/${ownerId}/Locations/${locationId}`,
      () => ({ name: 'X', ownerId }),
      'Unknown field in the location: "ownerId". It holds name.',
    ],
    [
      'calibrator create',
      'itr',
      'POST',
      () => '/api/calibrators',
      () => ({ name: 'X', colour: 'red' }),
      'Unknown field in the calibrator: "colour". It holds name.',
    ],
    [
      'calibrator rename',
      'itr',
      'PUT',
      () => `/api/calibrators/${calibratorId}`,
      () => ({ name: 'X', id: calibratorId }),
      'Unknown field in the calibrator: "id". It holds name.',
    ],
    [
      'impact case disposition',
      'itr',
      'POST',
      () => '/api/ImpactCases/1/dispositions',
      () => ({ recordIds: [recordId], disposition: 'accept', reason: 'ok', decidedBy: 'me' }),
      'Unknown field in the disposition: "decidedBy". It holds recordIds, disposition, reason.',
    ],
    [
      'impact case open',
      'itr',
      'POST',
      () => '/api/ImpactCases',
      () => ({ testEquipmentId: 1, kind: 'lapsed' }),
      'Unknown field in the impact case: "kind". It holds testEquipmentId.',
    ],
    [
      'certificate batch',
      'data',
      'POST',
      () => '/api/InstrumentTestRecord/Certificates',
      () => ({ format: 'zip', ids: [recordId], email: 'a@b.c' }),
      'Unknown field in the certificate batch: "email". It holds format, ids, filter.',
    ],
    [
      'certificate batch filter',
      'data',
      'POST',
      () => '/api/InstrumentTestRecord/Certificates',
      () => ({ format: 'zip', filter: { filters: [], pageSize: 10 } }),
      'Unknown field in the records filter: "pageSize". It holds filters, startDate, endDate, sortField, sortDirection.',
    ],
    [
      'certificate batch filter entry',
      'data',
      'POST',
      () => '/api/InstrumentTestRecord/Certificates',
      () => ({ format: 'zip', filter: { filters: [{ field: 'result', value: 'pass', op: 'eq' }] } }),
      'Unknown field in the records filter entry: "op". It holds field, value.',
    ],
    [
      'certificate settings',
      'config',
      'PUT',
      () => '/api/Settings/certificate',
      () => ({ ...settings, footer: 'x' }),
      'Unknown field in the certificate settings: "footer". It holds organisationName, addressLine, logo.',
    ],
    [
      'test parameters (a row)',
      'meta',
      'PUT',
      () => `/api/assetmodels/${productTypeId}/TestParameters`,
      () => [{ key: 'ratio', value: '1', colour: 'red' }],
      'Unknown field in the test parameter: "colour". It holds key, value, unit.',
    ],
  ]

  for (const [name, host, method, path, body, message] of REFUSED) {
    it(`${name}: 400 naming the key, nothing written`, async () => {
      const before = await snapshot()
      const res = await call(host, method, path(), body())
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toBe(message)
      expect(await snapshot()).toEqual(before)
    })
  }

  it('names each unknown key once (two unknown keys, the first named)', async () => {
    const res = await call('meta', 'POST', '/api/assetmanufacturers', { name: 'X', colour: 'red', size: 2 })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Unknown field in the supplier: "colour". It holds name.')
  })

  describe("the SPA's and SPEC's bodies are taken", () => {
    it('suppliers: {name}, the SupplierProducts attribute (product name and range ids sent back), the range check', async () => {
      const id = ok(await call('meta', 'POST', '/api/assetmanufacturers', { name: 'Closed Body Supplier' }))
      expect(
        (await call('meta', 'PUT', `/api/assetmanufacturers/${id}/`, { name: 'Closed Body Supplier 2' }))
          .statusCode,
      ).toBe(204)
      // src/pages/suppliers/suppliers-api.ts saveProducts, value from productsValue().
      const attr = await call('meta', 'POST', `/api/assetmanufacturers/attributes/${id}`, {
        tableName: 'AssetManufacturers',
        key: 'SupplierProducts',
        name: 'SupplierProducts',
        description: 'Product types of the supplier with their serial ranges',
        value: products(),
      })
      expect(attr.statusCode, attr.body).toBe(204)
      const check = await call('meta', 'POST', `/api/assetmanufacturers/${id}/serialRanges/check`, {
        prefix: 'ZZ',
        min: 1,
        max: 2,
      })
      expect(check.statusCode, check.body).toBe(200)
    })

    it('product types: the save body, the no-prefix attribute, the items attribute, a loaded mapping sent back whole', async () => {
      const parent = ok(
        await call('meta', 'POST', '/api/assetmodels/', {
          name: 'Closed Body Parent',
          description: 'Closed Body Parent',
          assetTypeKey: null,
          assetManufacturerId: null,
        }),
      )
      const put = await call('meta', 'PUT', `/api/assetmodels/${productTypeId}`, {
        name: 'Closed Body Meter',
        description: 'Closed Body Meter',
        assetTypeKey: null,
        assetManufacturerId: null,
      })
      expect(put.statusCode, put.body).toBe(204)
      const noPrefix = await call('meta', 'POST', `/api/AssetModels/Attributes/${productTypeId}`, {
        key: 'NoSerialNumberPrefix',
        description: 'Product type missing serial number prefix',
        value: 'true',
      })
      expect(noPrefix.statusCode, noPrefix.body).toBe(204)
      const items = await call(
        'meta',
        'POST',
        `/api/AssetModels/attributes/${productTypeId}/FaultRepairItems`,
        {
          key: 'FaultRepairItems',
          name: 'FaultRepairItems',
          description: 'Survey/repair items of the product type',
          value: '["Seal"]',
        },
      )
      expect(items.statusCode, items.body).toBe(204)
      expect(
        ok(await call('meta', 'POST', `/api/assetmodels/${parent}/child/assetmodels/${productTypeId}`)),
      ).toBeGreaterThan(0)
      const [mapping] = (await call('meta', 'GET', `/api/AssetModels/ParentMappings/${productTypeId}`)).json()
      expect(Object.keys(mapping).sort()).toEqual([
        'id',
        'parentId',
        'parentName',
        'parentTableName',
        'subjectId',
        'subjectTableName',
      ])
      const removed = await call('meta', 'DELETE', '/api/Mapping', mapping)
      expect(removed.statusCode, removed.body).toBe(204)
      expect((await call('meta', 'GET', `/api/AssetModels/ParentMappings/${productTypeId}`)).json()).toEqual(
        [],
      )
    })

    it('descriptives: POST, PUT and DELETE with the survey/repair body', async () => {
      const body = (id?: number) => ({
        domain: 'ITRREPAIRDESCRIPTIVE',
        ...(id ? { id } : {}),
        key: 'Re-seal',
        value: 'Re-seal',
        description: 'Re-seal',
        shortDescription: 'Re-seal',
      })
      const id = ok(await call('meta', 'POST', '/api/Configuration/', body()))
      expect((await call('meta', 'PUT', '/api/Configuration/', body(id))).statusCode).toBe(204)
      expect((await call('meta', 'DELETE', '/api/Configuration/', body(id))).statusCode).toBe(204)
    })

    it('owners: {name, parentId}, ranges with their form ids, contacts, locations', async () => {
      const patch = await call('itr', 'PATCH', `/api/deviceOwners/${ownerId}`, {
        name: 'Closed Body Owner 2',
        parentId: null,
      })
      expect(patch.statusCode, patch.body).toBe(204)
      const ranges = await call('itr', 'PUT', `/api/deviceOwners/${ownerId}/serialRanges/testEquipment`, [
        { id: 1, prefix: 'CB:', min: 1, max: 9 },
      ])
      expect(ranges.statusCode, ranges.body).toBe(200)
      // The GET answer's ranges sent back as they are.
      const owner = (await call('itr', 'GET', `/api/deviceOwners/${ownerId}`)).json()
      const again = await call(
        'itr',
        'PUT',
        `/api/deviceOwners/${ownerId}/serialRanges/testEquipment`,
        owner.testEquipmentSerialRanges,
      )
      expect(again.statusCode, again.body).toBe(200)
      const contacts = await call('itr', 'PUT', `/api/deviceOwners/${ownerId}/calibrationReminderContacts`, [
        'a@example.com',
      ])
      expect(contacts.statusCode, contacts.body).toBe(200)
      expect(
        (
          await call('itr', 'PUT', `/api/DeviceOwners/${ownerId}/Locations/${locationId}`, {
            name: 'Shelf B',
          })
        ).statusCode,
      ).toBe(204)
    })

    it('calibrators: {name}', async () => {
      expect(
        (await call('itr', 'PUT', `/api/calibrators/${calibratorId}`, { name: 'Closed Body Cal 2' }))
          .statusCode,
      ).toBe(204)
    })

    it('certificate settings: the screen body, and the GET answer sent back', async () => {
      expect((await call('config', 'PUT', '/api/Settings/certificate', settings)).statusCode).toBe(200)
      const read = (await call('config', 'GET', '/api/Settings/certificate')).json()
      expect((await call('config', 'PUT', '/api/Settings/certificate', read)).statusCode).toBe(200)
    })

    it('certificate batch: by ids, and by the records page filter', async () => {
      const byIds = await call('data', 'POST', '/api/InstrumentTestRecord/Certificates', {
        format: 'pdf',
        ids: [recordId],
      })
      expect(byIds.statusCode).toBe(200)
      // src/pages/records/records-model.ts recordsFilter(): filters, sortField, sortDirection.
      const byFilter = await call('data', 'POST', '/api/InstrumentTestRecord/Certificates', {
        format: 'zip',
        filter: {
          filters: [{ field: 'productSerialNumber', value: 'NO-SUCH-SERIAL' }],
          sortField: 'recordDate',
          sortDirection: 'desc',
          startDate: null,
          endDate: null,
        },
      })
      expect(byFilter.statusCode, byFilter.body).toBe(400)
      expect(byFilter.json().message).toBe('No records match these filters.')
    })

    it('impact cases: the disposition and open bodies pass the schema (refused by the case, not the body)', async () => {
      const decide = await call('itr', 'POST', '/api/ImpactCases/999999/dispositions', {
        recordIds: [recordId],
        disposition: 'accept',
        reason: 'Within tolerance',
      })
      expect(decide.statusCode, decide.body).toBe(404)
      const open = await call('itr', 'POST', '/api/ImpactCases', { testEquipmentId: 999999 })
      expect(open.json().message).not.toMatch(/^Unknown field/)
      expect(open.statusCode, open.body).not.toBe(200)
    })
  })
})
