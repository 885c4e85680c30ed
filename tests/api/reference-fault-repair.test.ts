import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

describe('survey/repair types ({itr}/api/faultRepairTypes)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('lists items with their product type and descriptives with their category', async () => {
    const res = await server.call('itr', 'GET', '/api/faultRepairTypes', { as: 'internal' })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list).toContainEqual({
      id: expect.any(Number),
      faultRepairType: 'Item',
      name: 'Oil leak',
      productTypeId: 100200,
      productTypeName: 'Distribution Transformer 11kV',
      descriptiveType: null,
    })
    expect(list).toContainEqual({
      id: expect.any(Number),
      faultRepairType: 'Descriptive',
      name: 'Quote for full refurbishment',
      productTypeId: null,
      productTypeName: null,
      descriptiveType: 'Quotation',
    })
  })

  it('follows item-list writes made through the product type attribute', async () => {
    const body = {
      key: 'FaultRepairItems',
      name: 'FaultRepairItems',
      description: '',
      value: JSON.stringify(['Oil leak', 'Fan noisy']),
    }
    const put = await server.call('meta', 'PUT', '/api/AssetModels/attributes/100200/FaultRepairItems', {
      as: 'configurator',
      body,
    })
    expect(put.statusCode).toBe(204)
    const items = (await server.call('itr', 'GET', '/api/faultRepairTypes', { as: 'internal' }))
      .json()
      .filter(
        (t: { faultRepairType: string; productTypeId: number }) =>
          t.faultRepairType === 'Item' && t.productTypeId === 100200,
      )
    expect(items.map((t: { name: string }) => t.name)).toEqual(['Oil leak', 'Fan noisy'])
  })

  it('reads one descriptive by id', async () => {
    const list = (await server.call('itr', 'GET', '/api/faultRepairTypes', { as: 'internal' })).json()
    const water = list.find((t: { name: string }) => t.name === 'Water ingress')
    const res = await server.call('itr', 'GET', `/api/faultRepairTypes/descriptives/${water.id}`, {
      as: 'configurator',
    })
    expect(res.json()).toEqual({ id: water.id, name: 'Water ingress', descriptiveType: 'Fault' })
  })

  it('answers 404 for an id that is not a descriptive (a record category)', async () => {
    const res = await server.call('itr', 'GET', '/api/faultRepairTypes/descriptives/1', {
      as: 'configurator',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Survey/Repair descriptive 1 does not exist')
  })
})
