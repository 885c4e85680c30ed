import type { ReactNode } from 'react'
import { act, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, readSession, storeTokens } from '../api/session-storage'
import { sessionAtom } from '../session/session-atoms'
import { useSessionExpired } from './use-session-expired'

const signIn = (sub: string) =>
  storeTokens({
    token: `e30.${btoa(JSON.stringify({ sub, ITRSubmitter: true }))}.sig`,
    expires: Math.floor(Date.now() / 1000) + 600,
    refresh_token: `r-${sub}`,
  })

const reload = vi.fn()
beforeEach(() => {
  localStorage.clear()
  reload.mockClear()
  vi.stubGlobal('location', { ...window.location, reload })
})
afterEach(() => vi.unstubAllGlobals())

/** The shell's hook on a page rendered for `pageUser`, whose token another tab's Log Out then cleared. */
function pageOf(pageUser: string) {
  signIn(pageUser)
  const store = createStore()
  store.set(sessionAtom, readSession())
  clearSession()
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
  return renderHook(() => useSessionExpired(), { wrapper })
}

describe('signing in over the login modal after another tab logged out (audit s9 S1)', () => {
  it('another user gets a fresh page, not the first user’s page and waiting calls', () => {
    const { result } = pageOf('alice')
    signIn('bob')
    act(() => result.current.signedIn())
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('the same user carries on where they were', () => {
    const { result } = pageOf('alice')
    signIn('alice')
    act(() => result.current.signedIn())
    expect(reload).not.toHaveBeenCalled()
  })
})
