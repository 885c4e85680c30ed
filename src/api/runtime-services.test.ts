import { beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError } from './client'
import { createRuntimeServices } from './runtime-services'
import type * as Client from './client'

vi.mock('./client', async (original) => {
  const actual = await original<typeof Client>()
  return { ...actual, api: { ...actual.api, get: vi.fn() } }
})
const get = vi.mocked(api.get)

const product = (serial: string) => ({
  id: 1,
  serialNumber: serial.split(':')[1] ?? serial,
  productSerialNumber: serial,
  assetModelId: 10,
  attributes: [],
})

beforeEach(() => get.mockReset())

describe('createRuntimeServices', () => {
  const services = createRuntimeServices({ supplierId: 5, recordTypeId: 1 })

  it('looks a serial up on the products page and answers only an exact match', async () => {
    get.mockResolvedValue({ totalCount: 2, result: [product('NWT:420'), product('NWT:42')] })
    expect(await services.lookupSerial(' nwt:42 ')).toMatchObject({ productSerialNumber: 'NWT:42' })
    const path = get.mock.calls[0][1]
    expect(decodeURIComponent(path)).toBe('/api/assets/page/0/size/10/filter/{"serialNumbers":["nwt:42"]}')
    get.mockResolvedValue({ totalCount: 0, result: [] })
    expect(await services.lookupSerial('NWT:43')).toBeNull()
    expect(await services.lookupSerial('  ')).toBeNull()
  })

  it('links the serial lookup to /Records only for a view that may open it', () => {
    expect(services.recordsHref?.('NWT:4 2')).toBe('/Records?filter=productSerialNumber&value=NWT%3A4%202')
    expect(createRuntimeServices({ supplierId: 5 }, { recordsPage: false }).recordsHref).toBeUndefined()
  })

  it('answers [] and null for missing test equipment but passes other failures on', async () => {
    get.mockRejectedValueOnce(new ApiError('Could not find any test equipment', 404))
    expect(await services.testEquipmentBySerial('TE:1')).toEqual([])
    get.mockRejectedValueOnce(new ApiError('Could not find test equipment with ID 9', 404))
    expect(await services.testEquipmentById(9)).toBeNull()
    get.mockRejectedValueOnce(new ApiError('boom', 500))
    await expect(services.testEquipmentById(9)).rejects.toThrow('boom')
  })

  it('asks for the newest records of the product and record type', async () => {
    get.mockResolvedValue({ result: [{ recordId: 3 }] })
    expect(await services.recentRecords(product('NWT:1'), 1, 5)).toEqual([{ recordId: 3 }])
    const [host, path] = get.mock.calls[0]
    expect(host).toBe('data')
    expect(JSON.parse(decodeURIComponent(path.split('/filter/')[1]))).toEqual({
      filters: [
        { field: 'productId', value: 1 },
        { field: 'recordTypeId', value: 1 },
      ],
      sortField: 'recordDate',
      sortDirection: 'desc',
    })
    expect(path).toContain('/size/5/')
  })

  it('links the records button to the records of the serial', () => {
    expect(services.recordsHref?.('NWT:1')).toBe('/Records?filter=productSerialNumber&value=NWT%3A1')
    expect(services.context).toEqual({ supplierId: 5, recordTypeId: 1 })
  })
})
