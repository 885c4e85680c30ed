import type { ReactNode } from 'react'
import { act, renderHook, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import type * as RouterModule from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages'
import { suppliersApi } from './suppliers-api'
import { useSupplierEdit } from './use-supplier-edit'

vi.mock('./suppliers-api', () => ({
  suppliersApi: {
    productTypes: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    rename: vi.fn(),
    saveProducts: vi.fn(),
    updateProducts: vi.fn(),
  },
}))
vi.mock('react-router-dom', async (original) => ({
  ...(await original<typeof RouterModule>()),
  // The unsaved-changes guard needs a data router; unsaved-guard.test.tsx checks it in one.
  useBlocker: () => ({ state: 'unblocked' }),
}))
const mocked = vi.mocked(suppliersApi)
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

beforeEach(() => {
  vi.clearAllMocks()
  mocked.productTypes.mockResolvedValue([
    { id: 1, name: 'Ring Main Unit', parent: null, attributes: [] },
    {
      id: 2,
      name: 'Generic Component',
      parent: null,
      attributes: [{ key: 'NoSerialNumberPrefix', value: 'true' }],
    },
  ])
  mocked.create.mockResolvedValue(7)
  mocked.saveProducts.mockResolvedValue(undefined)
  mocked.updateProducts.mockResolvedValue(undefined)
})

async function newSupplier() {
  const hook = renderHook(() => useSupplierEdit(null), { wrapper })
  await waitFor(() => expect(hook.result.current.loading).toBe(false))
  return hook
}

describe('useSupplierEdit', () => {
  it('a create whose products are refused says so, and the next Save updates that supplier (never a second)', async () => {
    const { ApiError } = await import('../../api/client')
    mocked.saveProducts.mockRejectedValueOnce(new ApiError('Serial ranges overlap.', 400))
    mocked.rename.mockResolvedValue(undefined)
    const { result } = await newSupplier()
    await act(() => result.current.save('Contoso Switchgear'))
    expect(mocked.create).toHaveBeenCalledTimes(1)
    expect(result.current.notice?.text).toMatch(
      /^Supplier "Contoso Switchgear" was created, but its products could not be saved: .*Serial ranges overlap\..* Correct this and Save again to finish\.$/,
    )
    await act(() => result.current.save('Contoso Switchgear'))
    expect(mocked.create).toHaveBeenCalledTimes(1)
    expect(mocked.rename).toHaveBeenCalledWith(7, 'Contoso Switchgear')
    expect(mocked.updateProducts).toHaveBeenCalledWith(7, expect.anything())
  })

  it('blocks a second empty product row and refuses to save an empty one, without any call', async () => {
    const { result } = await newSupplier()
    act(() => result.current.addProduct())
    expect(result.current.canAddProduct).toBe(false)
    await act(() => result.current.save('ACME'))
    expect(result.current.notice?.text).toBe(MESSAGES.supplier.emptyProduct)
    expect(mocked.create).not.toHaveBeenCalled()
  })

  it('resets a row given a product type already chosen, with the SPEC text', async () => {
    const { result } = await newSupplier()
    act(() => result.current.addProduct())
    act(() => result.current.chooseProduct(result.current.rows[0].key, 1))
    act(() => result.current.addProduct())
    act(() => result.current.chooseProduct(result.current.rows[0].key, 1))
    expect(result.current.notice).toEqual({
      variant: 'warning',
      text: MESSAGES.supplier.duplicateProduct('Ring Main Unit'),
    })
    expect(result.current.rows[0].typeId).toBeNull()
    expect(result.current.rows[1].typeId).toBe(1)
  })

  it('checks serial ranges in SPEC order: prefix, min and max, min below max', async () => {
    const { result } = await newSupplier()
    act(() => result.current.addProduct())
    const product = result.current.rows[0].key
    act(() => result.current.chooseProduct(product, 1))
    act(() => result.current.addRange(product))
    const range = result.current.rows[0].ranges[0].key
    expect(result.current.expanded[product]).toBe(true)
    await act(() => result.current.save('ACME'))
    expect(result.current.notice?.text).toBe(MESSAGES.supplier.prefixRequired)
    act(() => result.current.updateRange(product, range, { prefix: 'RMU-', min: 5 }))
    await act(() => result.current.save('ACME'))
    expect(result.current.notice?.text).toBe(MESSAGES.supplier.minMaxRequired)
    act(() => result.current.updateRange(product, range, { max: 5 }))
    await act(() => result.current.save('ACME'))
    expect(result.current.notice?.text).toBe(MESSAGES.supplier.minBelowMax)
    expect(mocked.create).not.toHaveBeenCalled()
  })

  it('needs no prefix for a NoSerialNumberPrefix type, then creates and stores the products attribute', async () => {
    const { result } = await newSupplier()
    act(() => result.current.addProduct())
    const product = result.current.rows[0].key
    act(() => result.current.chooseProduct(product, 2))
    act(() => result.current.addRange(product))
    act(() => result.current.updateRange(product, result.current.rows[0].ranges[0].key, { min: 1, max: 9 }))
    await act(() => result.current.save('  ACME  '))
    expect(mocked.create).toHaveBeenCalledWith('ACME')
    expect(mocked.saveProducts).toHaveBeenCalledWith(7, [
      { id: 2, name: 'Generic Component', serialRanges: [{ id: 1, prefix: null, min: 1, max: 9 }] },
    ])
  })
})
