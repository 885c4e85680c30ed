import { act, renderHook, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionAtom } from '../../session/session-atoms'
import type { StoredSession } from '../../api/session-storage'
import { addRecordApi } from './add-record-api'
import { ADD_RECORD_WARNINGS } from './add-record-model'
import { useAddRecord } from './use-add-record'

vi.mock('./add-record-api', () => ({
  addRecordApi: {
    suppliers: vi.fn(),
    supplier: vi.fn(),
    productTypes: vi.fn(),
    owners: vi.fn(),
    recordTypes: vi.fn(),
    recordType: vi.fn(),
  },
}))

const mocked = vi.mocked(addRecordApi)

const attr = (key: string, value: unknown) => ({ key, value: JSON.stringify(value) })
const layout = {
  version: 1,
  title: 'Routine Test',
  controls: [{ type: 'serial', variable: 'serial', label: 'Serial' }],
}

const SUPPLIERS = [
  {
    id: 1,
    name: 'Northwind',
    attributes: [
      attr('SupplierProducts', [
        { id: 10, name: 'Transformer', serialRanges: [] },
        { id: 11, name: 'Bare', serialRanges: [] },
      ]),
    ],
  },
  { id: 2, name: 'Empty Co', attributes: [] },
]
const PRODUCT_TYPES = [
  {
    id: 10,
    name: 'Transformer',
    parent: null,
    attributes: [
      attr('RecordTypeAttribute', [
        { id: 100, name: 'Routine', captureType: 'form', category: 'Test' },
        { id: 101, name: 'Batch', captureType: 'file', category: 'Test' },
        { id: 102, name: 'No form', captureType: 'form', category: 'Test' },
        { id: 103, name: 'Either', captureType: 'both', category: 'Test' },
      ]),
    ],
  },
  { id: 11, name: 'Bare', parent: null, attributes: [] },
]
const recordType = (
  id: number,
  withLayout: boolean,
  units = 'Test',
  captureType: 'file' | 'form' = 'form',
) => ({
  id,
  name: `Type ${id}`,
  sensorTypeId: captureType === 'file' ? 1 : 2,
  captureType,
  units,
  attributes: withLayout ? [attr('DataEntryForm', layout)] : [],
})

function session(
  supplierId: number | null,
  recordViewCategories = supplierId ? [1] : [1, 2, 3, 4],
): StoredSession {
  return {
    token: 't',
    expires: 9e9,
    refreshToken: null,
    claims: {},
    view: supplierId ? 'supplier' : 'internal',
    supplierId,
    recordViewCategories,
  }
}

function setup(supplierId: number | null = null, categories?: number[]) {
  const store = createStore()
  store.set(sessionAtom, session(supplierId, categories))
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
  return renderHook(() => useAddRecord(), { wrapper })
}

beforeEach(() => {
  vi.resetAllMocks()
  mocked.suppliers.mockResolvedValue(SUPPLIERS)
  mocked.supplier.mockImplementation(async (id) => SUPPLIERS.find((s) => s.id === id)!)
  mocked.productTypes.mockResolvedValue(PRODUCT_TYPES)
  mocked.owners.mockResolvedValue([
    { id: 7, name: 'Zeta Power', createdInItr: true },
    { id: 8, name: 'Alpha Grid', createdInItr: false },
  ])
  mocked.recordTypes.mockResolvedValue([recordType(200, true, 'Calibration'), recordType(100, true, 'Test')])
  mocked.recordType.mockImplementation(async (id) =>
    id === 101
      ? recordType(101, true, 'Test', 'file')
      : recordType(id, id !== 102, id === 200 ? 'Calibration' : 'Test'),
  )
})

describe('useAddRecord', () => {
  it('walks supplier → product type → record type and offers Enter Data for a form record type', async () => {
    const { result } = setup()
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current.suppliers.map((s) => s.name)).toEqual(['Empty Co', 'Northwind'])
    act(() => result.current.chooseSupplier(1))
    expect(result.current.productTypes).toEqual([
      { id: 11, name: 'Bare' },
      { id: 10, name: 'Transformer' },
    ])
    act(() => result.current.chooseProductType(10))
    expect(result.current.recordTypes.map((r) => r.name)).toEqual(['Routine', 'Batch', 'No form', 'Either'])
    act(() => result.current.chooseRecordType(100))
    await waitFor(() => expect(result.current.showEnterData).toBe(true))
    expect(result.current.showCsvUpload).toBe(false)
    expect(result.current.warnings).toEqual([])
    expect(result.current.dataEntryUrl).toBe('/DataEntry?producttype=10&recordtype=100&supplier=1')
  })

  it('offers only the record types of categories the user may submit (issue #11.2)', async () => {
    const { result } = setup(null, [2])
    await waitFor(() => expect(result.current.loading).toBe(false))
    act(() => result.current.chooseSupplier(1))
    act(() => result.current.chooseProductType(10))
    // A Despatch-only user: the product type's Test record types are not offered.
    expect(result.current.recordTypes).toEqual([])
    expect(result.current.warnings).toEqual([
      'The selected product type does not have any associated record types',
    ])
  })

  it('offers the CSV upload for file capture and both for capture both', async () => {
    const { result } = setup()
    await waitFor(() => expect(result.current.loading).toBe(false))
    act(() => result.current.chooseSupplier(1))
    act(() => result.current.chooseProductType(10))
    act(() => result.current.chooseRecordType(101))
    await waitFor(() => expect(result.current.showCsvUpload).toBe(true))
    expect(result.current.showEnterData).toBe(false)
    act(() => result.current.chooseRecordType(103))
    await waitFor(() => expect(result.current.showEnterData).toBe(true))
    expect(result.current.showCsvUpload).toBe(true)
  })

  it('shows the three SPEC §8 warnings', async () => {
    const { result } = setup()
    await waitFor(() => expect(result.current.loading).toBe(false))
    act(() => result.current.chooseSupplier(2))
    expect(result.current.warnings).toEqual([ADD_RECORD_WARNINGS.noProductTypes])
    expect(ADD_RECORD_WARNINGS.noProductTypes).toBe(
      'The selected supplier does not have any associated product types',
    )

    act(() => result.current.chooseSupplier(1))
    act(() => result.current.chooseProductType(11))
    expect(result.current.warnings).toEqual([
      'The selected product type does not have any associated record types',
    ])

    act(() => result.current.chooseProductType(10))
    act(() => result.current.chooseRecordType(102))
    await waitFor(() =>
      expect(result.current.warnings).toEqual([
        'Selected record type does not have an associated data entry form.',
      ]),
    )
    expect(result.current.showEnterData).toBe(false)
  })

  it('Calibration mode picks an owner, lists Calibration record types and links with owner=', async () => {
    const { result } = setup()
    await waitFor(() => expect(result.current.loading).toBe(false))
    act(() => result.current.chooseSupplier(1))
    act(() => result.current.setMode('Calibration'))
    expect(result.current.selection.supplierId).toBeNull()
    await waitFor(() => expect(result.current.owners.length).toBe(2))
    expect(result.current.owners.map((o) => o.name)).toEqual(['Alpha Grid', 'Zeta Power'])
    expect(result.current.recordTypes).toEqual([])
    act(() => result.current.chooseOwner(7))
    expect(result.current.recordTypes.map((r) => r.id)).toEqual([200])
    act(() => result.current.chooseRecordType(200))
    await waitFor(() => expect(result.current.showEnterData).toBe(true))
    expect(result.current.dataEntryUrl).toBe('/DataEntry?recordtype=200&owner=7')
  })

  it('fixes the session supplier for supplier users: no mode switch, no supplier list call', async () => {
    const { result } = setup(1)
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current.supplierFixed).toBe(true)
    expect(mocked.suppliers).not.toHaveBeenCalled()
    expect(mocked.supplier).toHaveBeenCalledWith(1, expect.anything())
    expect(result.current.supplierName).toBe('Northwind')
    expect(result.current.productTypes.map((p) => p.id)).toEqual([11, 10])
    act(() => result.current.setMode('Calibration'))
    expect(result.current.mode).toBe('Standard')
    act(() => result.current.chooseSupplier(2))
    expect(result.current.selection.supplierId).toBe(1)
  })
})
