import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as client from '../../api/client'
import { api } from '../../api/client'
import { UNSAVED_QUESTION } from '../../components/use-unsaved-changes'
import { useCalibrators, type CalibratorsController } from './use-calibrators'

vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof client>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}))
const mocked = vi.mocked(api)

const c = { current: undefined as unknown as CalibratorsController }
function Page() {
  c.current = useCalibrators()
  return <>{c.current.unsavedDialog}</>
}

async function open() {
  const router = createMemoryRouter(
    [
      { path: '/Calibrators', element: <Page /> },
      { path: '/Home', element: <p>Home</p> },
    ],
    { initialEntries: ['/Calibrators'] },
  )
  render(<RouterProvider router={router} />)
  await waitFor(() => expect(c.current.rows).toHaveLength(1))
  return router
}

beforeEach(() => {
  vi.clearAllMocks()
  mocked.get.mockResolvedValue([{ id: 3, name: 'Precision Calibration Ltd' }])
  mocked.put.mockResolvedValue(undefined)
})

describe('/Calibrators unsaved row edits (audit F4)', () => {
  it('asks before leaving a row whose name was edited, not one only opened for edit', async () => {
    const router = await open()
    act(() => c.current.edit(c.current.rows[0]))
    expect(c.current.dirty).toBe(false)
    act(() => c.current.setDraft(c.current.rows[0], 'Precision Calibration Limited'))
    expect(c.current.dirty).toBe(true)
    await act(() => router.navigate('/Home'))
    expect(router.state.location.pathname).toBe('/Calibrators')
    expect(await screen.findByText(UNSAVED_QUESTION)).toBeTruthy()
  })

  it('does not ask once the row is saved', async () => {
    const router = await open()
    act(() => c.current.edit(c.current.rows[0]))
    act(() => c.current.setDraft(c.current.rows[0], 'Precision Calibration Limited'))
    await act(() => c.current.save(c.current.rows[0]))
    expect(c.current.dirty).toBe(false)
    await act(() => router.navigate('/Home'))
    expect(router.state.location.pathname).toBe('/Home')
  })
})
