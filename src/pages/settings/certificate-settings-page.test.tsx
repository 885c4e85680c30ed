import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { UNSAVED_QUESTION } from '../../components/use-unsaved-changes'
import { settingsApi } from '../../api/settings-api'
import CertificateSettingsPage from './certificate-settings-page'

vi.mock('../../api/settings-api', () => ({
  settingsApi: { certificate: vi.fn(), saveCertificate: vi.fn() },
}))
const mocked = vi.mocked(settingsApi)

beforeEach(() => {
  vi.clearAllMocks()
  mocked.certificate.mockResolvedValue({ organisationName: 'Eastern Power', addressLine: '', logo: null })
})

describe('Certificate Settings with unsaved changes (s11 walk)', () => {
  it('asks before leaving, and leaves when told to (the question was never shown: a link did nothing)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/Settings', element: <CertificateSettingsPage /> },
        { path: '/Home', element: <p>Home page</p> },
      ],
      { initialEntries: ['/Settings'] },
    )
    render(<RouterProvider router={router} />)
    const name = await screen.findByLabelText('Organisation name')
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Eastern Power'))
    fireEvent.change(name, { target: { value: 'Eastern Power Networks' } })
    await act(() => router.navigate('/Home'))
    expect(await screen.findByText(UNSAVED_QUESTION)).toBeTruthy()
    expect(router.state.location.pathname).toBe('/Settings')
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(await screen.findByText('Home page')).toBeTruthy()
  })
})
