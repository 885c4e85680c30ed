import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, navigation, SessionChangedError } from './client'
import { sessionExpiry } from './session-expiry'
import { clearSession, storeTokens } from './session-storage'
import { postWithProgress } from './upload-request'

/** Audit s9 S1: a request started with one user's token is never resent with another user's. */
const tokenOf = (sub: string) => `e30.${btoa(JSON.stringify({ sub, ITRSubmitter: true }))}.sig`
const later = () => Math.floor(Date.now() / 1000) + 600
const signIn = (sub: string) =>
  storeTokens({ token: tokenOf(sub), expires: later(), refresh_token: `r-${sub}` })
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let bearers: string[]
let onFirstSend: () => void

beforeEach(() => {
  localStorage.clear()
  bearers = []
  onFirstSend = () => undefined
  navigation.toLogin = vi.fn()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init: RequestInit = {}) => {
      if (String(url).includes('/api/token')) {
        // The refresh token now stored is Bob's: the refresh answers Bob's tokens.
        return json(200, { token: tokenOf('bob'), expires: later(), refresh_token: 'r-bob-2' })
      }
      bearers.push((init.headers as Record<string, string>).Authorization)
      if (bearers.length === 1) {
        onFirstSend()
        return json(401, {})
      }
      return json(200, { recordId: 9 })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

/** Alice logs out while her request is on its way, and Bob signs in. */
const handOver = () => {
  clearSession()
  signIn('bob')
}

describe('a request keeps to its user', () => {
  it("is not resent after a refresh that brought another user's token", async () => {
    signIn('alice')
    onFirstSend = handOver
    await expect(api.post('submission', '/api/InstrumentTest/upload-single/', {})).rejects.toBeInstanceOf(
      SessionChangedError,
    )
    expect(bearers).toEqual([`Bearer ${tokenOf('alice')}`])
  })

  it('is not resent when someone else signed in over the login modal', async () => {
    const stop = sessionExpiry.listen(() => undefined)
    try {
      signIn('alice')
      // Alice's refresh is refused: the call waits for a new sign-in, and Bob signs in.
      vi.mocked(fetch).mockImplementation(async (url: string | URL | Request, init: RequestInit = {}) => {
        if (String(url).includes('/api/token')) return json(401, {})
        bearers.push((init.headers as Record<string, string>).Authorization)
        return json(bearers.length === 1 ? 401 : 200, {})
      })
      const call = api.get('meta', '/api/x')
      await vi.waitFor(() => expect(sessionExpiry.lostUser()).toBe('alice'))
      handOver()
      sessionExpiry.resume()
      await expect(call).rejects.toBeInstanceOf(SessionChangedError)
      expect(bearers).toEqual([`Bearer ${tokenOf('alice')}`])
    } finally {
      stop()
    }
  })

  it('an upload with progress is not resent under the next user either', async () => {
    const authorizations: string[] = []
    class FakeXhr {
      status = 0
      statusText = ''
      responseText = ''
      upload = {}
      onload: (() => void) | null = null
      open() {}
      setRequestHeader(name: string, value: string) {
        if (name === 'Authorization') authorizations.push(value)
      }
      send() {
        if (authorizations.length === 1) handOver()
        this.status = authorizations.length === 1 ? 401 : 200
        this.responseText = '{}'
        queueMicrotask(() => this.onload?.())
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    signIn('alice')
    await expect(postWithProgress('submission', '/api/upload', '{}')).rejects.toBeInstanceOf(
      SessionChangedError,
    )
    expect(authorizations).toEqual([`Bearer ${tokenOf('alice')}`])
  })

  it('goes on as before when the same user is back', async () => {
    signIn('alice')
    vi.mocked(fetch).mockImplementationOnce(async (_url, init: RequestInit = {}) => {
      bearers.push((init.headers as Record<string, string>).Authorization)
      return json(401, {})
    })
    // The refresh answers Alice's tokens this time.
    vi.mocked(fetch).mockImplementationOnce(async () =>
      json(200, { token: tokenOf('alice'), expires: later(), refresh_token: 'r-alice-2' }),
    )
    expect(await api.get('meta', '/api/x')).toEqual({ recordId: 9 })
    expect(bearers).toEqual([`Bearer ${tokenOf('alice')}`, `Bearer ${tokenOf('alice')}`])
  })
})
