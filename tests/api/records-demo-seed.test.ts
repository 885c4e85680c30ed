import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servicePrefix } from '../../server/config'
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

  it("leaves two Ring Main Unit tests in the demo reviewer's queue, one a Fail, and none in the approver's", async () => {
    const queue = async (username: string) => {
      const login = await server.app.inject({
        method: 'POST',
        url: `${servicePrefix('auth')}/api/token`,
        payload: new URLSearchParams({
          grant_type: 'password',
          username,
          password: `${username}-demo`,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'queue', value: 'mine' }] }))
      const res = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Records/page/1/size/50/filter/${filter}`,
        {
          token: login.json().token,
        },
      )
      expect(res.statusCode).toBe(200)
      return res.json().result as {
        productSerialNumber: string
        recordTypeName: string
        testResult: string
        reviewState: string
      }[]
    }
    const waiting = await queue('reviewer')
    expect(
      waiting.map((r) => [r.productSerialNumber, r.recordTypeName, r.testResult, r.reviewState]).sort(),
    ).toEqual([
      ['CRM:101', 'Ring Main Unit Commissioning Test', 'pass', 'submitted'],
      ['CRM:102', 'Ring Main Unit Commissioning Test', 'fail', 'submitted'],
    ])
    expect(await queue('approver')).toEqual([])
  })
})
