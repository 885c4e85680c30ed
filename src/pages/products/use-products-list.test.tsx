import { act, render, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Product, ProductsFilter } from '../../../schemas/records'
import { productsApi } from './products-api'
import { useProductsList } from './use-products-list'

// Walk F1 and F10: the view lives in the URL; a product named by id gets its serial from the rows.

vi.mock('./products-api', () => ({ productsApi: { page: vi.fn() } }))

const product = (id: number, serial: string, assetModelId: number, parent: number | null = null) =>
  ({ id, productSerialNumber: serial, assetModelId, parent }) as unknown as Product
const NWT = product(5, 'NWT:1003', 100200)
const NWB = product(6, 'NWB:2003', 100201, 5)
const ALL = [NWT, NWB, product(7, 'FSM:40003', 300)]

vi.mocked(productsApi.page).mockImplementation(async (_page: number, _size: number, f: ProductsFilter) => {
  const id = f.ParentAssetId == null ? null : Number(f.ParentAssetId)
  const result = id == null ? ALL : ALL.filter((p) => p.id === id || (p as { parent?: number }).parent === id)
  return { totalCount: result.length, result }
})

let list: ReturnType<typeof useProductsList>
function Page() {
  list = useProductsList()
  return null
}

function open(at: string) {
  const router = createMemoryRouter([{ path: '/Products', element: <Page /> }], { initialEntries: [at] })
  render(<RouterProvider router={router} />)
  return router
}
const search = (router: ReturnType<typeof open>) => router.state.location.search

afterEach(() => vi.clearAllMocks())

describe('useProductsList', () => {
  it('names a product that came by id by its serial once the grid shows it', async () => {
    open('/Products?product=5')
    expect(list.parent?.serial).toBe('#5')
    await waitFor(() => expect(list.parent).toEqual({ id: 5, serial: 'NWT:1003', assetModelId: 100200 }))
  })

  it('names the parent of a child as it was named before (F10), and keeps it all in the URL', async () => {
    const router = open('/Products')
    await waitFor(() => expect(list.rows).toHaveLength(3))
    act(() => list.filterToProduct(NWT))
    expect(search(router)).toBe('?product=5')
    await waitFor(() => expect(list.rows).toHaveLength(2))
    act(() => list.filterToProduct(NWB))
    await waitFor(() => expect(list.rows.map((p) => p.id)).toEqual([6]))
    act(() => list.filterToId(5))
    expect(list.parent).toEqual({ id: 5, serial: 'NWT:1003', assetModelId: 100200 })
    act(() =>
      list.setQuery({ ...list.query, page: 1, sort: { field: 'productSerialNumber', direction: 'desc' } }),
    )
    expect(search(router)).toBe('?product=5&sort=productSerialNumber.desc&page=2')
    act(() => list.clearFilters())
    expect(search(router)).toBe('?sort=productSerialNumber.desc')
  })

  it("keeps Home's ?filter=&value= link as it came and adds the rest beside it", async () => {
    const router = open('/Products?filter=productSerialNumber&value=NWT%3A1003')
    expect(list.query.filter).toEqual({ productSerialNumber: 'NWT:1003' })
    act(() => list.setQuery({ ...list.query, filter: { ...list.query.filter, currentStatus: 'fail' } }))
    expect(search(router)).toBe('?filter=productSerialNumber&value=NWT%3A1003&status=fail')
    act(() => list.setQuery({ ...list.query, filter: { productSerialNumber: 'NWT' } }))
    expect(search(router)).toBe('?serial=NWT')
  })
})
