import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

describe('demo records seed', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('seeds records of every category through the submission rules', async () => {
    const res = await server.call(
      'data',
      'GET',
      '/api/InstrumentTestRecord/Records/page/1/size/100/filter/%7B%7D',
      {
        as: 'configurator',
      },
    )
    expect(res.statusCode).toBe(200)
    const categories = new Set(res.json().result.map((r: { category: string }) => r.category))
    expect([...categories].sort()).toEqual(['calibration', 'despatch', 'problemReport', 'test'])
  })

  it('creates the demo products with status and calibrated test equipment', async () => {
    const filter = encodeURIComponent(JSON.stringify({ serialNumbers: ['NWT:1003'] }))
    const products = await server.call('meta', 'GET', `/api/assets/page/1/size/10/filter/${filter}`, {
      as: 'internal',
    })
    expect(products.json().result).toEqual([
      expect.objectContaining({ productSerialNumber: 'NWT:1003', currentStatus: 'fail' }),
    ])
    const equipment = await server.call('itr', 'GET', '/api/testEquipment?serialNumber=EPN-TE:1', {
      as: 'internal',
    })
    expect(equipment.json()[0]).toMatchObject({
      description: 'Insulation resistance tester',
      latestCalibration: { skipped: false, calibrator: { name: expect.any(String) } },
    })
  })
})
