import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { logoutOnServer, REFRESH_LOCK, refreshTokens } from './auth-api'
import { readSession, storeTokens } from './session-storage'

/** A JWT-shaped token carrying `claims` (the SPA only decodes it; the server verifies). */
const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`
const now = () => Math.floor(Date.now() / 1000)
const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } })

let calls: { url: string; init: RequestInit }[]
let answers: (Response | Error)[]

beforeEach(() => {
  localStorage.clear()
  calls = []
  answers = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), init })
      const next = answers.shift()
      if (!next) throw new Error(`unexpected call ${url}`)
      if (next instanceof Error) throw next
      return next
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

/** This tab's stored session: an expired access token and refresh token `refresh`. */
const expiredSession = (refresh = 'r1') =>
  storeTokens({ token: jwt({ ITRInternalUser: true }), expires: now() - 10, refresh_token: refresh })

/**
 * Web Locks whose `request` first lets `meanwhile` run, as another tab holding the lock would, then runs
 * the task: enough to show what this tab does once it gets the lock.
 */
function locksWith(meanwhile: () => void = () => {}) {
  const names: string[] = []
  const request = vi.fn(async (name: string, task: () => Promise<unknown>) => {
    names.push(name)
    meanwhile()
    return task()
  })
  vi.stubGlobal('navigator', { ...navigator, locks: { request } })
  return names
}

describe('refresh across tabs (audit s8, defect 10)', () => {
  it('uses the tokens another tab rotated while this one waited for the lock, without a call', async () => {
    expiredSession('r1')
    const fresh = { token: jwt({ ITRInternalUser: true }), expires: now() + 900, refresh_token: 'r2' }
    const names = locksWith(() => storeTokens(fresh))
    await refreshTokens()
    expect(names).toEqual([REFRESH_LOCK])
    expect(calls).toEqual([])
    expect(readSession().refreshToken).toBe('r2')
    expect(readSession().token).toBe(fresh.token)
  })

  it('refreshes inside the lock when no other tab did', async () => {
    expiredSession('r1')
    const names = locksWith()
    answers.push(
      json(200, { token: jwt({ ITRInternalUser: true }), expires: now() + 900, refresh_token: 'r2' }),
    )
    await refreshTokens()
    expect(names).toEqual([REFRESH_LOCK])
    expect(calls).toHaveLength(1)
    expect(calls[0].init.body).toBe('grant_type=refresh_token&refresh_token=r1')
    expect(readSession().refreshToken).toBe('r2')
  })

  it('says there is no refresh token when another tab logged out meanwhile', async () => {
    expiredSession('r1')
    locksWith(() => localStorage.removeItem('refreshToken'))
    await expect(refreshTokens()).rejects.toThrow('No refresh token cookie.')
    expect(calls).toEqual([])
  })

  it('refreshes as before where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined })
    expiredSession('r1')
    answers.push(
      json(200, { token: jwt({ ITRInternalUser: true }), expires: now() + 900, refresh_token: 'r2' }),
    )
    await refreshTokens()
    expect(calls).toHaveLength(1)
    expect(readSession().refreshToken).toBe('r2')
  })
})

describe('Log Out on the server (audit s8, defect 11)', () => {
  it('posts the refresh token, form-encoded, to {auth}/api/logout', async () => {
    answers.push(new Response(null, { status: 204 }))
    await logoutOnServer('r1')
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toMatch(/\/svc\/auth\/api\/logout$/)
    expect(calls[0].init.method).toBe('POST')
    expect(calls[0].init.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(calls[0].init.body).toBe('refresh_token=r1')
    expect(calls[0].init.keepalive).toBe(true)
  })

  it('never fails: an unreachable server or a refusal still lets Log Out go on', async () => {
    answers.push(new TypeError('Failed to fetch'))
    await expect(logoutOnServer('r1')).resolves.toBeUndefined()
    answers.push(json(500, { message: 'x' }))
    await expect(logoutOnServer('r1')).resolves.toBeUndefined()
  })

  it('makes no call without a refresh token', async () => {
    await logoutOnServer(null)
    expect(calls).toEqual([])
  })
})
