import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

// Suppliers and product types are shown and chosen by name alone (pickers, grids, filters), so a second
// one of the same name, ignoring case and outer spaces, is refused as owners and calibrators are.
const SUPPLIER_TAKEN = 'A supplier with this name already exists, please edit this supplier instead'
const TYPE_TAKEN = 'A product type with this name already exists, please edit this product type instead'

describe('supplier and product type names are unique (s12)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const meta = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    server.call('meta', method, path, { as: 'configurator', body })
  const supplierNames = async () =>
    ((await meta('GET', '/api/assetmanufacturers')).json() as { name: string }[]).map((s) => s.name)
  const typeNames = async () =>
    ((await meta('GET', '/api/AssetModels/')).json() as { name: string }[]).map((t) => t.name)
  const typeBody = (name: string) => ({ assetManufacturerId: 1, assetTypeKey: 'ITR', name, description: '' })

  it('refuses a new supplier named as another, in any case, and writes nothing', async () => {
    expect((await meta('POST', '/api/assetmanufacturers', { name: 'Unique Cables' })).statusCode).toBe(200)
    const before = await supplierNames()
    for (const name of ['Unique Cables', ' unique CABLES  ']) {
      const res = await meta('POST', '/api/assetmanufacturers', { name })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(SUPPLIER_TAKEN)
    }
    expect(await supplierNames()).toEqual(before)
  })

  it("refuses renaming a supplier to another's name, and allows a change of its own case", async () => {
    const id = (await meta('POST', '/api/assetmanufacturers', { name: 'Second Cables' })).json()
    const res = await meta('PUT', `/api/assetmanufacturers/${id}/`, { name: 'UNIQUE cables' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(SUPPLIER_TAKEN)
    expect((await meta('GET', `/api/assetmanufacturers/${id}`)).json().name).toBe('Second Cables')
    expect((await meta('PUT', `/api/assetmanufacturers/${id}/`, { name: 'SECOND Cables' })).statusCode).toBe(
      204,
    )
    expect((await meta('GET', `/api/assetmanufacturers/${id}`)).json().name).toBe('SECOND Cables')
  })

  it('refuses a product type named as another on create and on edit, and writes nothing', async () => {
    const first = await meta('POST', '/api/assetmodels/', typeBody('Unique Meter'))
    expect(first.statusCode).toBe(200)
    const before = await typeNames()
    const again = await meta('POST', '/api/assetmodels/', typeBody('  unique meter'))
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(TYPE_TAKEN)
    expect(await typeNames()).toEqual(before)

    const other = (await meta('POST', '/api/assetmodels/', typeBody('Other Meter'))).json()
    const renamed = await meta('PUT', `/api/assetmodels/${other}`, typeBody('Unique METER'))
    expect(renamed.statusCode).toBe(409)
    expect(renamed.json().message).toBe(TYPE_TAKEN)
    expect((await meta('GET', `/api/assetmodels/${other}`)).json().name).toBe('Other Meter')
  })
})
