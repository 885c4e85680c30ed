import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { UNSAVED_QUESTION } from '../../components/use-unsaved-changes'
import { suppliersApi } from './suppliers-api'
import { useSupplierEdit, type SupplierEditController } from './use-supplier-edit'

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
const mocked = vi.mocked(suppliersApi)

const c = { current: undefined as unknown as SupplierEditController }
function Page() {
  c.current = useSupplierEdit(3)
  return <>{c.current.unsavedDialog}</>
}

async function open() {
  const router = createMemoryRouter(
    [
      { path: '/Suppliers/3', element: <Page /> },
      { path: '/Suppliers', element: <p>List</p> },
      { path: '/Home', element: <p>Home</p> },
    ],
    { initialEntries: ['/Suppliers/3'] },
  )
  render(<RouterProvider router={router} />)
  await waitFor(() => expect(c.current.loading).toBe(false))
  return router
}

beforeEach(() => {
  vi.clearAllMocks()
  mocked.productTypes.mockResolvedValue([{ id: 1, name: 'Ring Main Unit', parent: null, attributes: [] }])
  mocked.get.mockResolvedValue({ id: 3, name: 'Contoso Switchgear', attributes: [] } as never)
  mocked.rename.mockResolvedValue(undefined)
  mocked.updateProducts.mockResolvedValue(undefined)
})

describe('supplier edit unsaved changes (audit F4)', () => {
  it('asks before leaving an edited supplier', async () => {
    const router = await open()
    expect(c.current.dirty).toBe(false)
    act(() => c.current.setName('Contoso Switchgear Ltd'))
    await act(() => router.navigate('/Home'))
    expect(router.state.location.pathname).toBe('/Suppliers/3')
    expect(await screen.findByText(UNSAVED_QUESTION)).toBeTruthy()
  })

  it('goes to the list without asking after a successful save', async () => {
    const router = await open()
    act(() => c.current.setName('Contoso Switchgear Ltd'))
    await act(() => c.current.save('Contoso Switchgear Ltd'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/Suppliers'))
    expect(screen.queryByText(UNSAVED_QUESTION)).toBeNull()
  })
})
