import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, navigation } from './client'
import { sessionExpiry } from './session-expiry'
import { readSession, storeTokens } from './session-storage'

/** Issue #18.4: a refused refresh while the shell listens waits for a new sign-in, then goes on. */
const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`
const now = () => Math.floor(Date.now() / 1000)
const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } })

let calls: { url: string; init: RequestInit }[]
let answers: Response[]
let shown: boolean[]
let stop: () => void

beforeEach(() => {
  localStorage.clear()
  calls = []
  answers = []
  shown = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), init })
      const next = answers.shift()
      if (!next) throw new Error(`unexpected call ${url}`)
      return next
    }),
  )
  navigation.toLogin = vi.fn()
  stop = sessionExpiry.listen((lost) => shown.push(lost))
})
afterEach(() => {
  stop()
  vi.unstubAllGlobals()
})

const signIn = (sub: string, refresh: string) =>
  storeTokens({ token: jwt({ sub, ITRSubmitter: true }), expires: now() + 600, refresh_token: refresh })

describe('a session lost while working', () => {
  it('waits for the user to sign in again, then resends the same request with the same key', async () => {
    signIn('7', 'r1')
    answers.push(json(401, {}), json(401, {}, 'Unauthorized'))
    const saving = api.post(
      'submission',
      '/api/InstrumentTest/upload-single/',
      { a: 1 },
      {
        headers: { 'Idempotency-Key': 'k-1' },
      },
    )
    await vi.waitFor(() => expect(shown).toEqual([true]))
    expect(sessionExpiry.lostUser()).toBe('7')
    expect(navigation.toLogin).not.toHaveBeenCalled()
    // The session is not cleared behind the modal: the page still knows its user (its draft key).
    expect(readSession().token).not.toBeNull()

    signIn('7', 'r2')
    answers.push(json(200, { recordId: 5 }))
    sessionExpiry.resume()
    expect(await saving).toEqual({ recordId: 5 })
    expect(shown).toEqual([true, false])
    const sent = calls.filter((c) => c.url.includes('upload-single'))
    expect(sent).toHaveLength(2)
    expect(sent.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key'])).toEqual([
      'k-1',
      'k-1',
    ])
    expect(sent[1].init.body).toBe(sent[0].init.body)
  })

  it('asks once for every call that needs the session meanwhile', async () => {
    storeTokens({ token: jwt({ sub: '7' }), expires: now() - 5, refresh_token: 'r1' })
    answers.push(json(401, {}, 'Unauthorized'))
    const first = api.get('meta', '/api/a')
    const second = api.get('meta', '/api/b')
    await vi.waitFor(() => expect(shown).toEqual([true]))
    signIn('7', 'r2')
    answers.push(json(200, 'a'), json(200, 'b'))
    sessionExpiry.resume()
    expect(await Promise.all([first, second])).toEqual(['a', 'b'])
    expect(calls.filter((c) => c.url.includes('/api/token'))).toHaveLength(1)
  })

  it('without a listener goes to login as before', async () => {
    stop()
    signIn('7', 'r1')
    answers.push(json(401, {}), json(401, {}, 'Unauthorized'))
    await expect(api.get('meta', '/api/x')).rejects.toThrow('Unauthorised. Redirecting to login.')
    expect(navigation.toLogin).toHaveBeenCalled()
    expect(shown).toEqual([])
  })
})
