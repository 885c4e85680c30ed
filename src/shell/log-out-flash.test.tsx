import { useEffect, useState } from 'react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, navigation } from '../api/client'
import { readSession, storeTokens } from '../api/session-storage'
import { sessionAtom } from '../session/session-atoms'
import { AppShell } from './app-shell'
import { SESSION_EXPIRED } from './use-session-expired'

/** A page still loading: its call is answered only when the test says. */
function LoadingPage() {
  const [text, setText] = useState('Loading the page')
  useEffect(() => {
    api.get('meta', '/api/slow').then(
      () => setText('Loaded'),
      (e: unknown) => setText(`Failed: ${String(e)}`),
    )
  }, [])
  return <p>{text}</p>
}

let answerSlow: (res: Response) => void
let logOutCalled: boolean

beforeEach(() => {
  localStorage.clear()
  logOutCalled = false
  navigation.toLogin = vi.fn()
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string | URL) => {
      const path = String(url)
      if (path.includes('/api/logout')) {
        logOutCalled = true
        return Promise.resolve(new Response(null, { status: 204 }))
      }
      if (path.includes('/api/slow')) return new Promise<Response>((r) => (answerSlow = r))
      return Promise.reject(new Error(`unexpected call ${path}`))
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('Log Out while a page is loading', () => {
  it('does not raise the session-expired login modal on its way out', async () => {
    storeTokens({
      token: `e30.${btoa(JSON.stringify({ sub: 'u-7', ITRSubmitter: true }))}.sig`,
      expires: Math.floor(Date.now() / 1000) + 600,
      refresh_token: 'r-7',
    })
    const store = createStore()
    store.set(sessionAtom, readSession())
    const router = createMemoryRouter([
      { element: <AppShell />, children: [{ path: '/', element: <LoadingPage /> }] },
    ])
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    )
    await screen.findByText('Loading the page')
    await vi.waitFor(() => expect(answerSlow).toBeDefined())

    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }))
    await vi.waitFor(() => expect(logOutCalled).toBe(true))
    // The server ended the sign-in: the page's call, sent with the old token, is refused, and the
    // client finds no refresh token any more.
    await act(async () => {
      answerSlow(new Response('{}', { status: 401 }))
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    // Nor an error banner or a detour to /login: the page waits for the reload at `/`.
    expect(screen.getByText('Loading the page')).toBeInTheDocument()
    expect(navigation.toLogin).not.toHaveBeenCalled()
  })
})
