import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client'
import { UNSAVED_QUESTION } from '../../components/use-unsaved-changes'
import { MESSAGES } from '../../../schemas/messages'
import { repeatedRecordType } from './product-type-form'
import { CREATE_STEPS } from './product-type-save'
import { productTypesApi } from './product-types-api'
import { useProductTypeEdit, type ProductTypeEditController } from './use-product-type-edit'

vi.mock('./product-types-api', () => ({
  productTypesApi: {
    list: vi.fn(),
    get: vi.fn(),
    parentMappings: vi.fn(),
    parameters: vi.fn(),
    recordTypes: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    setParent: vi.fn(),
    setRecordTypes: vi.fn(),
    addNoPrefix: vi.fn(),
    removeNoPrefix: vi.fn(),
    setParameters: vi.fn(),
  },
}))
const api = vi.mocked(productTypesApi)

const c = { current: undefined as unknown as ProductTypeEditController }
function Page() {
  const { id } = useParams()
  c.current = useProductTypeEdit(id === 'New' ? null : Number(id))
  return <>{c.current.unsavedDialog}</>
}

/** The edit screen's controller in a data router (the guard needs one), with a Home page to leave to. */
async function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/ProductTypes/:id', element: <Page /> },
      { path: '/ProductTypes', element: <p>List</p> },
      { path: '/Home', element: <p>Home</p> },
    ],
    { initialEntries: ['/Home', path], initialIndex: 1 },
  )
  render(<RouterProvider router={router} />)
  await waitFor(() => expect(c.current.loading).toBe(false))
  return router
}

const stored = {
  id: 100211,
  name: 'Ring Main Unit',
  description: 'Ring Main Unit',
  parent: 0,
  assetTypeKey: null,
  assetManufacturerId: null,
  attributes: [],
}

beforeEach(() => {
  vi.clearAllMocks()
  api.list.mockResolvedValue([])
  api.recordTypes.mockResolvedValue([
    { id: 4, name: 'Problem Report' },
    { id: 5, name: 'Routine Test' },
  ] as never)
  api.get.mockResolvedValue(stored as never)
  api.parentMappings.mockResolvedValue([])
  api.parameters.mockResolvedValue({ own: [], resolved: [] })
  api.create.mockResolvedValue(100211)
  api.update.mockResolvedValue(undefined)
  api.setRecordTypes.mockResolvedValue(undefined)
})

function chooseTwice(id: number) {
  act(() => {
    c.current.update({ name: 'Ring Main Unit' })
  })
  for (let i = 0; i < 2; i++) {
    let key = ''
    act(() => void (key = c.current.addRecordType()))
    act(() => c.current.setRecordType(key, id))
  }
}

describe('useProductTypeEdit: saving a new product type (audit F1)', () => {
  it('refuses a record type listed twice before any call', async () => {
    await open('/ProductTypes/New')
    chooseTwice(4)
    await act(() => c.current.save('Ring Main Unit'))
    expect(c.current.notice?.text).toBe(repeatedRecordType('Problem Report'))
    expect(repeatedRecordType('Problem Report')).toBe(
      'The record type: "Problem Report" has already been selected.',
    )
    expect(api.create).not.toHaveBeenCalled()
    expect(api.setRecordTypes).not.toHaveBeenCalled()
  })

  it('after the create, a failed later step opens the new product type, and Save again updates it', async () => {
    const router = await open('/ProductTypes/New')
    act(() => c.current.update({ name: 'Ring Main Unit' }))
    let key = ''
    act(() => void (key = c.current.addRecordType()))
    act(() => c.current.setRecordType(key, 4))
    api.setRecordTypes.mockRejectedValueOnce(new ApiError('Record type 4 is listed more than once.', 400))
    await act(() => c.current.save('Ring Main Unit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ProductTypes/100211'))
    await waitFor(() => expect(c.current.loading).toBe(false))
    // Replaced: Back goes where the user came from, not to /ProductTypes/New.
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.queryByText(UNSAVED_QUESTION)).toBeNull()
    expect(c.current.notice?.text).toContain('Product type "Ring Main Unit" was created (ID 100211)')
    expect(c.current.notice?.text).toContain(
      `but ${CREATE_STEPS.recordTypes} could not be saved: API Error: Record type 4 is listed more than once.`,
    )
    // The user's rows are kept, and still unsaved.
    expect(c.current.form.recordTypes.map((r) => r.id)).toEqual([4])
    expect(c.current.dirty).toBe(true)

    await act(() => c.current.save('Ring Main Unit'))
    expect(api.create).toHaveBeenCalledTimes(1)
    expect(api.update).toHaveBeenCalledWith(100211, expect.objectContaining({ name: 'Ring Main Unit' }))
    expect(api.setRecordTypes).toHaveBeenLastCalledWith(100211, [4])
    await waitFor(() => expect(router.state.location.pathname).toBe('/ProductTypes'))
  })
})

describe('useProductTypeEdit: unsaved changes (audit F4)', () => {
  it('asks before leaving an edited product type, not an unedited one', async () => {
    const router = await open('/ProductTypes/100211')
    expect(c.current.dirty).toBe(false)
    act(() => c.current.update({ name: 'Ring Main Unit 2' }))
    expect(c.current.dirty).toBe(true)
    await act(() => router.navigate('/Home'))
    expect(router.state.location.pathname).toBe('/ProductTypes/100211')
    expect(await screen.findByText(UNSAVED_QUESTION)).toBeTruthy()
  })

  it('leaves without asking after a successful save', async () => {
    const router = await open('/ProductTypes/100211')
    act(() => c.current.update({ name: 'Ring Main Unit 2' }))
    await act(() => c.current.save('Ring Main Unit 2'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ProductTypes'))
    expect(screen.queryByText(UNSAVED_QUESTION)).toBeNull()
  })

  it('keeps the SPEC text for an empty record type row', async () => {
    await open('/ProductTypes/New')
    act(() => void c.current.addRecordType())
    await act(() => c.current.save('Ring Main Unit'))
    expect(c.current.notice?.text).toBe(MESSAGES.productType.emptyRecordType)
  })
})
