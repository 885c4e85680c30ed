import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

/** The SupplierProducts attribute body for POST …/attributes/{id}. */
const productsAttr = (products: unknown) => ({
  tableName: 'AssetManufacturers',
  key: 'SupplierProducts',
  name: 'SupplierProducts',
  description: '',
  value: JSON.stringify(products),
})

describe('suppliers ({meta}/api/assetmanufacturers)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    as: 'viewAll' | 'configurator' | 'internal' | 'supplier' = 'configurator',
  ) => server.call('meta', method, path, { as, body })

  const products = (supplier: { attributes: { key: string; value: string }[] }) =>
    JSON.parse(supplier.attributes.find((a) => a.key === 'SupplierProducts')!.value)

  it('lists suppliers with id, name and the SupplierProducts attribute', async () => {
    const res = await call('GET', '/api/assetmanufacturers', undefined, 'internal')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    const northwind = list.find((s: { name: string }) => s.name === 'Northwind Transformers')
    expect(northwind.id).toEqual(expect.any(Number))
    const first = products(northwind)[0]
    expect(first).toMatchObject({ id: 100200, name: 'Distribution Transformer 11kV' })
    expect(first.serialRanges[0]).toMatchObject({ prefix: 'NWT:', min: 1, max: 5000 })
  })

  it('gives a supplier-view user 403 on the supplier list, but its own supplier', async () => {
    expect((await call('GET', '/api/assetmanufacturers', undefined, 'supplier')).statusCode).toBe(403)
    const token = await server.tokenFor('supplier')
    const own = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).AssetManufacturerView
    const mine = await call('GET', `/api/assetmanufacturers/${own}`, undefined, 'supplier')
    expect(mine.statusCode).toBe(200)
    expect(products(mine.json()).length).toBeGreaterThan(0)
    expect((await call('GET', `/api/assetmanufacturers/${own + 1}`, undefined, 'supplier')).statusCode).toBe(
      403,
    )
  })

  it('creates (returning the id), reads, renames and deletes a supplier', async () => {
    const created = await call('POST', '/api/assetmanufacturers', { name: '  Acme Cables ' })
    expect(created.statusCode).toBe(200)
    const id = created.json()
    expect(id).toEqual(expect.any(Number))
    expect((await call('GET', `/api/assetmanufacturers/${id}`)).json()).toMatchObject({
      id,
      name: 'Acme Cables',
    })

    expect(
      (await call('PUT', `/api/assetmanufacturers/${id}/`, { name: 'Acme Cables Ltd' })).statusCode,
    ).toBe(204)
    expect((await call('GET', `/api/assetmanufacturers/${id}`)).json().name).toBe('Acme Cables Ltd')

    expect(
      (await call('DELETE', `/api/assetmanufacturers/${id}`, undefined, 'configurator')).statusCode,
    ).toBe(403)
    expect((await call('DELETE', `/api/assetmanufacturers/${id}`, undefined, 'viewAll')).statusCode).toBe(204)
    const gone = await call('GET', `/api/assetmanufacturers/${id}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(`Supplier ${id} does not exist`)
  })

  it('rejects a blank name with the SPEC text', async () => {
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await call('POST', '/api/assetmanufacturers', body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('You must give the supplier a name.')
    }
    const put = await call('PUT', '/api/assetmanufacturers/1/', { name: '' })
    expect(put.json().message).toBe('You must give the supplier a name.')
  })

  it('answers an overlong or non-text name with its own message, storing nothing (audit #6)', async () => {
    const before = (await call('GET', '/api/assetmanufacturers')).json().length
    const long = await call('POST', '/api/assetmanufacturers', { name: 'x'.repeat(201) })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('The supplier name may be at most 200 characters.')
    const put = await call('PUT', '/api/assetmanufacturers/1/', { name: 'x'.repeat(201) })
    expect(put.statusCode).toBe(400)
    expect(put.json().message).toBe('The supplier name may be at most 200 characters.')
    const number = await call('POST', '/api/assetmanufacturers', { name: 5 })
    expect(number.statusCode).toBe(400)
    expect(number.json().message).toBe('The supplier name must be text.')
    expect((await call('GET', '/api/assetmanufacturers')).json().length).toBe(before)
    expect((await call('POST', '/api/assetmanufacturers', { name: 'y'.repeat(200) })).statusCode).toBe(200)
  })

  it('rejects writes from a non-configurator with 403', async () => {
    expect((await call('POST', '/api/assetmanufacturers', { name: 'X' }, 'internal')).statusCode).toBe(403)
    expect((await call('PUT', '/api/assetmanufacturers/1/', { name: 'X' }, 'internal')).statusCode).toBe(403)
    expect(
      (await call('POST', '/api/assetmanufacturers/attributes/1', productsAttr([]), 'internal')).statusCode,
    ).toBe(403)
  })

  it('stores SupplierProducts and reads it back with the product names', async () => {
    const id = (await call('POST', '/api/assetmanufacturers', { name: 'Products Co' })).json()
    const value = [
      {
        id: 100205,
        name: 'Smart Meter Single Phase',
        serialRanges: [{ id: -1, prefix: 'PC:', min: 1, max: 10 }],
      },
      { id: 100207, name: 'Meter Communications Hub', serialRanges: [{ id: 0, prefix: '', min: 5, max: 6 }] },
    ]
    const res = await call('POST', `/api/assetmanufacturers/attributes/${id}`, productsAttr(value))
    expect(res.statusCode).toBe(204)
    const read = products((await call('GET', `/api/assetmanufacturers/${id}`)).json())
    expect(read.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([
      [100205, 'Smart Meter Single Phase'],
      [100207, 'Meter Communications Hub'],
    ])
    expect(read[0].serialRanges).toEqual([{ id: expect.any(Number), prefix: 'PC:', min: 1, max: 10 }])

    // Updating through the path form (key, value, name URL-encoded) replaces the list.
    const next = encodeURIComponent(JSON.stringify([{ id: 100206, name: 'x', serialRanges: [] }]))
    const put = await call(
      'PUT',
      `/api/assetmanufacturers/attributes/${id}/SupplierProducts/${next}/SupplierProducts`,
    )
    expect(put.statusCode).toBe(204)
    const after = products((await call('GET', `/api/assetmanufacturers/${id}`)).json())
    expect(after).toEqual([{ id: 100206, name: 'Smart Meter Three Phase', serialRanges: [] }])
  })

  it('stores other attributes as plain rows', async () => {
    const res = await call('POST', '/api/assetmanufacturers/attributes/1', {
      tableName: 'AssetManufacturers',
      key: 'Website',
      value: 'https://nw.example',
      name: 'Website',
      description: '',
    })
    expect(res.statusCode).toBe(204)
    const attrs = (await call('GET', '/api/assetmanufacturers/1')).json().attributes
    expect(attrs).toContainEqual(expect.objectContaining({ key: 'Website', value: 'https://nw.example' }))
  })

  it('lists every supplier with the attributes and products it reads alone', async () => {
    // The list reads all attributes and products by table, one supplier by its id (issue #17.4).
    const list = (await call('GET', '/api/assetmanufacturers')).json() as { id: number }[]
    expect(list.length).toBeGreaterThan(2)
    for (const supplier of list)
      expect((await call('GET', `/api/assetmanufacturers/${supplier.id}`)).json()).toEqual(supplier)
  })

  it.each([
    [
      'an empty product row',
      [{ id: null, name: '', serialRanges: [] }],
      'You cannot select an empty product for this supplier',
    ],
    [
      'a range without prefix',
      [{ id: 100205, name: 'a', serialRanges: [{ id: 1, prefix: ' ', min: 1, max: 2 }] }],
      'You must provide a prefix for each serial range',
    ],
    [
      'a range without min',
      [{ id: 100205, name: 'a', serialRanges: [{ id: 1, prefix: 'A:', min: null, max: 2 }] }],
      'You must provide a maximum and minimum value for each serial range',
    ],
    [
      'a max one past the 32-bit bound (audit)',
      [{ id: 100205, name: 'a', serialRanges: [{ id: 1, prefix: 'A:', min: 1, max: 2147483648 }] }],
      'Serial range min and max must be whole numbers from 0 to 2147483647.',
    ],
    [
      'a negative min',
      [{ id: 100205, name: 'a', serialRanges: [{ id: 1, prefix: 'A:', min: -1, max: 5 }] }],
      'Serial range min and max must be whole numbers from 0 to 2147483647.',
    ],
    [
      'a fraction',
      [{ id: 100205, name: 'a', serialRanges: [{ id: 1, prefix: 'A:', min: 1.5, max: 5 }] }],
      'Serial range min and max must be whole numbers from 0 to 2147483647.',
    ],
    [
      'min not below max',
      [{ id: 100205, name: 'a', serialRanges: [{ id: 1, prefix: 'A:', min: 5, max: 5 }] }],
      'Maximum serial range value must be greater than the minimum value',
    ],
    [
      'a product chosen twice',
      [
        { id: 100205, name: 'Smart Meter Single Phase', serialRanges: [] },
        { id: 100205, name: 'Smart Meter Single Phase', serialRanges: [] },
      ],
      'The product type: "Smart Meter Single Phase" has already been selected.',
    ],
    ['an unknown product type', [{ id: 999999, name: 'x', serialRanges: [] }], 'Product type does not exist'],
  ])('rejects %s with the SPEC text', async (_label, value, message) => {
    const res = await call('POST', '/api/assetmanufacturers/attributes/1', productsAttr(value))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('lets a NoSerialNumberPrefix product type have ranges without prefix', async () => {
    const value = [
      { id: 100210, name: 'Generic Component', serialRanges: [{ id: 1, prefix: '', min: 1, max: 9 }] },
    ]
    expect((await call('POST', '/api/assetmanufacturers/attributes/3', productsAttr(value))).statusCode).toBe(
      204,
    )
  })

  it('rejects SupplierProducts that are not a JSON list', async () => {
    const res = await call('POST', '/api/assetmanufacturers/attributes/1', {
      ...productsAttr(null),
      value: '{oops',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'The supplier products must be a JSON list of product types with serial ranges.',
    )
  })

  describe('serial-range duplicate check', () => {
    const check = (supplierId: number, body: unknown) =>
      call('POST', `/api/assetmanufacturers/${supplierId}/serialRanges/check`, body, 'internal')

    it('names the other supplier whose range overlaps with the same prefix', async () => {
      const contoso = (await call('GET', '/api/assetmanufacturers'))
        .json()
        .find((s: { name: string }) => s.name === 'Contoso Switchgear')
      const res = await check(contoso.id, { prefix: 'nwt:', min: 4000, max: 6000 })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('Serial range is already used for supplier Northwind Transformers')
    })

    it('answers available for a free range, another prefix, or the supplier itself', async () => {
      const list = (await call('GET', '/api/assetmanufacturers')).json()
      const northwind = list.find((s: { name: string }) => s.name === 'Northwind Transformers')
      const contoso = list.find((s: { name: string }) => s.name === 'Contoso Switchgear')
      expect((await check(contoso.id, { prefix: 'NWT:', min: 5001, max: 9999 })).json()).toEqual({
        available: true,
      })
      expect((await check(contoso.id, { prefix: 'XYZ:', min: 1, max: 10 })).json()).toEqual({
        available: true,
      })
      expect((await check(northwind.id, { prefix: 'NWT:', min: 1, max: 10 })).json()).toEqual({
        available: true,
      })
    })

    it('applies the min/max rules', async () => {
      expect((await check(1, { prefix: 'A:', min: 5, max: 1 })).json().message).toBe(
        'Maximum serial range value must be greater than the minimum value',
      )
      expect((await check(1, { prefix: 'A:', min: 5 })).json().message).toBe(
        'You must provide a maximum and minimum value for each serial range',
      )
      const huge = await check(1, { prefix: 'A:', min: 5, max: 1e300 })
      expect(huge.statusCode).toBe(400)
      expect(huge.json().message).toBe('Serial range min and max must be whole numbers from 0 to 2147483647.')
    })
  })
})
