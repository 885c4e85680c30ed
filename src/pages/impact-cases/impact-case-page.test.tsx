import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client'
import ImpactCasePage from './impact-case-page'
import { impactCasesApi } from './impact-cases-api'
import { rememberListSearch } from './cases-url'

// Walk F11: a case that does not exist is said so once, without a Retry that cannot help, and its
// records are not asked for; a non-numeric id makes no call at all.

vi.mock('./impact-cases-api', () => ({
  impactCasesApi: { get: vi.fn(), records: vi.fn(), page: vi.fn() },
}))
const api = vi.mocked(impactCasesApi)

function open(path: string) {
  const router = createMemoryRouter([{ path: '/ImpactCases/:id', element: <ImpactCasePage /> }], {
    initialEntries: [path],
  })
  render(<RouterProvider router={router} />)
}

afterEach(() => vi.clearAllMocks())

describe('/ImpactCases/{id} that is no case', () => {
  it('says the case does not exist, with no Retry and no records call', async () => {
    api.get.mockRejectedValue(new ApiError('Impact case 99 does not exist', 404))
    open('/ImpactCases/99')
    await screen.findByText('Impact case 99 does not exist')
    expect(screen.queryByText(/API Error/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(api.get).toHaveBeenCalledTimes(1)
    expect(api.records).not.toHaveBeenCalled()
  })

  it('refuses a non-numeric id without a call', async () => {
    open('/ImpactCases/abc')
    await screen.findByText('Impact case abc does not exist')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(api.get).not.toHaveBeenCalled()
    expect(api.records).not.toHaveBeenCalled()
  })

  it('offers Retry for a failure that loading again may mend', async () => {
    api.get.mockRejectedValue(new ApiError('Service unavailable', 503))
    open('/ImpactCases/7')
    await screen.findByRole('button', { name: 'Retry' })
    expect(api.records).not.toHaveBeenCalled()
  })

  it('goes Back to the list as it was last shown', async () => {
    rememberListSearch('status=closed')
    api.get.mockRejectedValue(new ApiError('Impact case 99 does not exist', 404))
    open('/ImpactCases/99')
    expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe(
      '/ImpactCases?status=closed',
    )
  })
})
