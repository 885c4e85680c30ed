import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataPointTypes } from '../../server/db/schema/index'
import { SENSOR_TYPE_BY_CAPTURE } from '../../schemas/entities/data-point-type'
import { startTestServer, type TestServer } from '../support/api'

type Role = 'viewAll' | 'configurator' | 'internal' | 'supplier'

describe('product types ({meta}/api/assetmodels, {itr}/api/productTypes)', () => {
  let server: TestServer
  let recordTypeIds: number[]
  beforeAll(async () => {
    server = await startTestServer()
    // Record types belong to the record-type calls; rows are inserted directly here.
    const rows = await server.database.db
      .insert(dataPointTypes)
      .values([
        {
          name: 'Routine Test',
          sensorTypeId: SENSOR_TYPE_BY_CAPTURE.form,
          units: 'Test',
          description: 'description',
        },
        {
          name: 'Despatch Note',
          sensorTypeId: SENSOR_TYPE_BY_CAPTURE.file,
          units: 'Despatch',
          description: 'description',
        },
      ])
      .returning({ id: dataPointTypes.id })
    recordTypeIds = rows.map((r) => r.id)
  })
  afterAll(() => server.close())

  const meta = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    as: Role = 'configurator',
  ) => server.call('meta', method, path, { as, body })
  const itr = (method: 'GET' | 'PUT', path: string, body?: unknown, as: Role = 'configurator') =>
    server.call('itr', method, path, { as, body })
  const attr = (type: { attributes: { key: string; value: string }[] }, key: string) =>
    type.attributes.find((a) => a.key === key)?.value

  it('lists product types on {itr} with parent {id, name} and attributes', async () => {
    const res = await itr('GET', '/api/productTypes', undefined, 'internal')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    const bushing = list.find((t: { id: number }) => t.id === 100201)
    expect(bushing).toMatchObject({
      id: 100201,
      name: 'Transformer Bushing',
      parent: { id: 100200, name: 'Distribution Transformer 11kV' },
    })
    expect(list.find((t: { id: number }) => t.id === 100200).parent).toBeNull()
    expect(list.map((t: { id: number }) => t.id)).toContain(100210)
    expect(
      JSON.parse(
        attr(
          list.find((t: { id: number }) => t.id === 100200),
          'FaultRepairItems',
        )!,
      ),
    ).toContain('Oil leak')
  })

  it('reads one product type on {meta} with parent id (or -1) and parentName', async () => {
    const child = (await meta('GET', '/api/assetmodels/100201')).json()
    expect(child).toMatchObject({ id: 100201, parent: 100200, parentName: 'Distribution Transformer 11kV' })
    const root = (await meta('GET', '/api/assetmodels/100200')).json()
    expect(root).toMatchObject({ parent: -1, parentName: null })
    const all = await meta('GET', '/api/AssetModels/', undefined, 'internal')
    expect(all.statusCode).toBe(200)
    expect(all.json().length).toBeGreaterThanOrEqual(9)
  })

  it("answers 'Product type does not exist' for a missing id", async () => {
    const res = await meta('GET', '/api/assetmodels/4242')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Product type does not exist')
  })

  it('shows a supplier-view user only its supplier’s product types and their sub components', async () => {
    const list = (await itr('GET', '/api/productTypes', undefined, 'supplier')).json()
    expect(list.map((t: { id: number }) => t.id).sort()).toEqual([100200, 100201, 100202])
    expect((await meta('GET', '/api/assetmodels/100205', undefined, 'supplier')).statusCode).toBe(404)
  })

  it('creates, updates and deletes a product type', async () => {
    const created = await meta('POST', '/api/assetmodels/', {
      assetManufacturerId: 1,
      assetTypeKey: 'ITR',
      name: 'Pole Mounted Transformer',
      description: 'pmt',
    })
    expect(created.statusCode).toBe(200)
    const id = created.json()
    expect(id).toBeGreaterThan(100210)
    expect(
      (
        await meta('PUT', `/api/assetmodels/${id}`, {
          assetManufacturerId: 1,
          assetTypeKey: 'ITR',
          name: 'Pole Transformer',
          description: 'pmt',
        })
      ).statusCode,
    ).toBe(204)
    expect((await meta('GET', `/api/assetmodels/${id}`)).json().name).toBe('Pole Transformer')
    expect((await meta('DELETE', `/api/assetmodels/${id}`)).statusCode).toBe(204)
    expect((await meta('GET', `/api/assetmodels/${id}`)).statusCode).toBe(404)
  })

  it('rejects a blank name with the SPEC text', async () => {
    const res = await meta('POST', '/api/assetmodels/', {
      assetManufacturerId: 1,
      assetTypeKey: 'ITR',
      name: ' ',
      description: '',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('You must give the product type a name.')
    expect((await meta('PUT', '/api/assetmodels/100200', { description: 'x' })).json().message).toBe(
      'You must give the product type a name.',
    )
    // An overlong name says the limit (audit #6).
    const long = await meta('PUT', '/api/assetmodels/100200', { name: 'x'.repeat(201) })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('The product type name may be at most 200 characters.')
  })

  it('never deletes product type 100210', async () => {
    const res = await meta('DELETE', '/api/assetmodels/100210', undefined, 'viewAll')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Product type 100210 cannot be deleted.')
    expect((await meta('GET', '/api/assetmodels/100210')).statusCode).toBe(200)
  })

  it('rejects writes from a non-configurator with 403', async () => {
    expect((await meta('POST', '/api/assetmodels/', { name: 'X' }, 'internal')).statusCode).toBe(403)
    expect((await meta('DELETE', '/api/assetmodels/100202', undefined, 'internal')).statusCode).toBe(403)
    expect((await itr('PUT', '/api/ProductTypes/100200/RecordTypes', [], 'supplier')).statusCode).toBe(403)
  })

  it('maps a sub component to a parent, lists, replaces and removes the mapping', async () => {
    const id = (await meta('POST', '/api/assetmodels/', { name: 'Cooling Fan' })).json()
    const mapped = await meta('POST', `/api/assetmodels/100200/child/assetmodels/${id}`)
    expect(mapped.statusCode).toBe(200)
    const mappings = (await meta('GET', `/api/AssetModels/ParentMappings/${id}`)).json()
    expect(mappings).toEqual([
      {
        id: mapped.json(),
        subjectTableName: 'AssetModels',
        subjectId: id,
        parentTableName: 'AssetModels',
        parentId: 100200,
        parentName: 'Distribution Transformer 11kV',
      },
    ])
    // The matching DELETE uses the original mapping's subject id.
    expect((await meta('DELETE', `/api/assetmodels/100200/child/assetmodels/${id}`)).statusCode).toBe(204)
    expect((await meta('GET', `/api/AssetModels/ParentMappings/${id}`)).json()).toEqual([])

    await meta('POST', `/api/assetmodels/100203/child/assetmodels/${id}`)
    const del = await meta('DELETE', '/api/Mapping', {
      subjectTableName: 'AssetModels',
      subjectId: id,
      parentTableName: 'AssetModels',
      parentId: 100203,
    })
    expect(del.statusCode).toBe(204)
    expect((await meta('GET', `/api/assetmodels/${id}`)).json().parent).toBe(-1)
    const again = await meta('DELETE', '/api/Mapping', {
      subjectTableName: 'AssetModels',
      subjectId: id,
      parentTableName: 'AssetModels',
      parentId: 100203,
    })
    expect(again.statusCode).toBe(404)
  })

  it('refuses a parent that is the type itself or one of its sub components', async () => {
    expect((await meta('POST', '/api/assetmodels/100200/child/assetmodels/100200')).json().message).toBe(
      'A product type cannot be its own parent.',
    )
    const cycle = await meta('POST', '/api/assetmodels/100201/child/assetmodels/100200')
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json().message).toBe('A product type cannot be a sub component of its own sub component.')
  })

  it('lists record types (datapointtypes) with id and name', async () => {
    const res = await meta('GET', '/api/datapointtypes/', undefined, 'internal')
    expect(res.json()).toEqual(expect.arrayContaining([{ id: recordTypeIds[0], name: 'Routine Test' }]))
  })

  it('sets record types and keeps RecordTypeAttribute in step', async () => {
    const res = await itr('PUT', '/api/ProductTypes/100205/RecordTypes', [recordTypeIds[1], recordTypeIds[0]])
    expect(res.statusCode).toBe(204)
    const type = (await meta('GET', '/api/assetmodels/100205')).json()
    expect(JSON.parse(attr(type, 'RecordTypeAttribute')!)).toEqual([
      { id: recordTypeIds[1], name: 'Despatch Note', captureType: 'file', category: 'Despatch' },
      { id: recordTypeIds[0], name: 'Routine Test', captureType: 'form', category: 'Test' },
    ])
    await itr('PUT', '/api/ProductTypes/100205/RecordTypes', [])
    expect(
      JSON.parse(attr((await meta('GET', '/api/assetmodels/100205')).json(), 'RecordTypeAttribute')!),
    ).toEqual([])
  })

  it("rejects an empty record type row with 'You cannot select an empty record type.'", async () => {
    for (const body of [[null], [0], [recordTypeIds[0], null]]) {
      const res = await itr('PUT', '/api/ProductTypes/100205/RecordTypes', body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('You cannot select an empty record type.')
    }
    const unknown = await itr('PUT', '/api/ProductTypes/100205/RecordTypes', [987654])
    expect(unknown.json().message).toBe('Record type 987654 does not exist')
    expect((await itr('PUT', '/api/ProductTypes/4242/RecordTypes', [])).json().message).toBe(
      'Product type does not exist',
    )
  })

  it('refuses a record type listed twice instead of collapsing it, keeping the stored list', async () => {
    await itr('PUT', '/api/ProductTypes/100205/RecordTypes', [recordTypeIds[0]])
    const attributeOf = async () =>
      JSON.parse(attr((await meta('GET', '/api/assetmodels/100205')).json(), 'RecordTypeAttribute')!)
    const before = await attributeOf()
    const twice = await itr('PUT', '/api/ProductTypes/100205/RecordTypes', [
      recordTypeIds[1],
      recordTypeIds[1],
    ])
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toBe(`Record type ${recordTypeIds[1]} is listed more than once.`)
    const viaAttribute = await meta('POST', '/api/AssetModels/Attributes/100205', {
      key: 'RecordTypeAttribute',
      value: JSON.stringify([{ id: recordTypeIds[0] }, { id: recordTypeIds[0] }]),
    })
    expect(viaAttribute.statusCode).toBe(400)
    expect(viaAttribute.json().message).toBe(`Record type ${recordTypeIds[0]} is listed more than once.`)
    expect(await attributeOf()).toEqual(before)
    await itr('PUT', '/api/ProductTypes/100205/RecordTypes', [])
  })

  it('answers an attribute key that is missing or too long with its own message (audit #6)', async () => {
    const missing = await meta('POST', '/api/AssetModels/Attributes/100206', { value: 'true' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('An attribute needs a key.')
    const long = await meta('POST', '/api/AssetModels/Attributes/100206', {
      key: 'k'.repeat(101),
      value: 'x',
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('The attribute key may be at most 100 characters.')
  })

  it('adds and deletes a product type attribute (NoSerialNumberPrefix)', async () => {
    const add = await meta('POST', '/api/AssetModels/Attributes/100206', {
      key: 'NoSerialNumberPrefix',
      description: 'No prefix',
      value: 'true',
    })
    expect(add.statusCode).toBe(204)
    expect(attr((await meta('GET', '/api/assetmodels/100206')).json(), 'NoSerialNumberPrefix')).toBe('true')
    expect((await meta('DELETE', '/api/AssetModels/Attributes/100206/NoSerialNumberPrefix')).statusCode).toBe(
      204,
    )
    expect(
      attr((await meta('GET', '/api/assetmodels/100206')).json(), 'NoSerialNumberPrefix'),
    ).toBeUndefined()
    expect((await meta('DELETE', '/api/AssetModels/Attributes/100206/NoSerialNumberPrefix')).statusCode).toBe(
      404,
    )
  })

  it('reads and writes the fault/repair item list attribute', async () => {
    const path = '/api/AssetModels/attributes/100206/FaultRepairItems'
    const body = (names: unknown) => ({
      key: 'FaultRepairItems',
      name: 'FaultRepairItems',
      description: '',
      value: JSON.stringify(names),
    })
    expect(JSON.parse((await meta('GET', path)).json().value)).toEqual([])
    expect((await meta('POST', path, body(['Display fault', 'Terminal cover missing']))).statusCode).toBe(204)
    expect((await meta('PUT', path, body(['Terminal cover missing', 'Battery flat']))).statusCode).toBe(204)
    expect(JSON.parse((await meta('GET', path)).json().value)).toEqual([
      'Terminal cover missing',
      'Battery flat',
    ])

    const blank = await meta('PUT', path, body(['ok', ' ']))
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe('You must provide a name for the Survey/Repair type.')
    const dup = await meta('PUT', path, body(['Battery flat', 'battery FLAT']))
    expect(dup.json().message).toBe('Please remove the following duplicate survey/repair items: Battery flat')
    const badId = await meta('PUT', '/api/AssetModels/attributes/abc/FaultRepairItems', body([]))
    expect(badId.json().message).toBe('Associated Product must have a valid ID.')
    expect(
      (await meta('PUT', '/api/AssetModels/attributes/4242/FaultRepairItems', body([]))).json().message,
    ).toBe('Product type does not exist')
  })
})
