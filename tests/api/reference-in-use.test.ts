import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

/**
 * Reference data that test equipment or its calibration history refers to cannot be deleted: the delete
 * is refused with "… is in use" (409) and every device and calibration keeps its location, calibrator and
 * product type. (The references used to be ON DELETE SET NULL, so such a delete answered 204 and quietly
 * blanked them, calibration history included.)
 */
describe('deleting reference data in use by test equipment', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const itr = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    server.call('itr', method, path, { as: 'configurator', body })

  /** The demo device EPN-TE:1 as the test equipment list answers it. */
  async function device(serial: string) {
    const list = (await itr('GET', '/api/testEquipment')).json() as {
      id: number
      serialNumber: { full: string }
      location: { id: number | null; name: string }
      latestCalibration: { calibrator: { id: number; name: string } | null } | null
    }[]
    const found = list.find((d) => d.serialNumber.full === serial)
    if (!found) throw new Error(`no device ${serial}`)
    return found
  }

  it('refuses to delete a location where a device is kept, and the device keeps it', async () => {
    const before = await device('EPN-TE:1')
    expect(before.location.name).toBe('Ipswich Depot')
    const owners = (await itr('GET', '/api/deviceOwners')).json() as { id: number; name: string }[]
    const ownerId = owners.find((o) => o.name === 'Eastern Power Networks')?.id
    const res = await itr('DELETE', `/api/DeviceOwners/${ownerId}/Locations/${before.location.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Location Ipswich Depot is in use and cannot be deleted.')
    expect((await device('EPN-TE:1')).location).toEqual(before.location)
  })

  it('refuses to delete a calibrator a calibration names, and the history keeps it', async () => {
    const before = await device('EPN-TE:1')
    const calibrator = before.latestCalibration?.calibrator
    expect(calibrator?.name).toBe('Precision Calibration Ltd')
    const history = () => itr('GET', `/api/testEquipment/${before.id}/calibrations`)
    const historyBefore = (await history()).json()
    expect(historyBefore).toContainEqual(expect.objectContaining({ calibratorName: calibrator?.name }))
    const res = await itr('DELETE', `/api/calibrators/${calibrator?.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Calibrator Precision Calibration Ltd is in use and cannot be deleted.')
    expect((await history()).json()).toEqual(historyBefore)
    expect((await device('EPN-TE:1')).latestCalibration?.calibrator).toEqual(calibrator)
  })

  it('refuses to delete a product type only a device refers to', async () => {
    const created = await server.call('meta', 'POST', '/api/assetmodels', {
      as: 'configurator',
      body: { name: 'Clamp meter' },
    })
    expect(created.statusCode).toBe(200)
    const productTypeId = Number(created.json().id ?? created.json())
    const { id } = await device('EPN-TE:2')
    // Given: the device is of that product type (a calibration record can set it; set directly here).
    await server.database.db.execute(
      sql`UPDATE test_equipment SET asset_model_id = ${productTypeId} WHERE id = ${id}`,
    )
    const res = await server.call('meta', 'DELETE', `/api/assetmodels/${productTypeId}`, {
      as: 'configurator',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Product type Clamp meter is in use and cannot be deleted.')
    const read = await server.call('meta', 'GET', `/api/assetmodels/${productTypeId}`, { as: 'configurator' })
    expect(read.statusCode).toBe(200)
  })

  it('still deletes a calibrator nothing refers to', async () => {
    const calibrator = await itr('POST', '/api/calibrators', { name: 'Unused Labs' })
    expect((await itr('DELETE', `/api/calibrators/${calibrator.json()}`)).statusCode).toBe(204)
  })
})
