import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, describeError, navigation } from './client'
import { login, refreshTokens } from './auth-api'
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
  navigation.toLogin = vi.fn()
})
afterEach(() => vi.unstubAllGlobals())

const signedIn = (expires = now() + 600) =>
  storeTokens({ token: jwt({ ITRConfigurator: true }), expires, refresh_token: 'r1' })

describe('login', () => {
  it('stores token, expiry, refresh token, claims, supplier id and viewer categories', async () => {
    answers.push(
      json(200, {
        token: jwt({ AssetManufacturerView: 7, ITRViewer: [1] }),
        expires: now() + 900,
        refresh_token: 'r',
      }),
    )
    await login('supplier', 'pw')
    const session = readSession()
    expect(session.view).toBe('supplier')
    expect(session.supplierId).toBe(7)
    expect(session.recordViewCategories).toEqual([1])
    expect(calls[0].init.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(calls[0].init.body).toBe('grant_type=password&username=supplier&password=pw')
  })

  it("says 'User is Unauthorized.' on 401", async () => {
    answers.push(json(401, { message: 'x' }, 'Unauthorized'))
    await expect(login('a', 'b')).rejects.toThrow('User is Unauthorized.')
  })

  it("says 'Response {status}: {statusText}' on other failures", async () => {
    answers.push(json(503, {}, 'Service Unavailable'))
    await expect(login('a', 'b')).rejects.toThrow('Response 503: Service Unavailable')
  })

  it("says 'An error has occurred: {error}' when the network fails", async () => {
    answers.push(new TypeError('Failed to fetch'))
    await expect(login('a', 'b')).rejects.toThrow('An error has occurred: Failed to fetch')
  })
})

describe('api calls', () => {
  it('sends the bearer and JSON body', async () => {
    signedIn()
    answers.push(json(200, 12))
    expect(await api.post('meta', '/api/assetmanufacturers', { name: 'N' })).toBe(12)
    const headers = calls[0].init.headers as Record<string, string>
    expect(headers.Authorization).toMatch(/^Bearer e30\./)
    expect(headers['Content-Type']).toBe('application/json')
    expect(calls[0].url).toMatch(/\/svc\/meta\/api\/assetmanufacturers$/)
  })

  it('refreshes an expired token before the call', async () => {
    signedIn(now() - 5)
    answers.push(
      json(200, { token: jwt({ ITRConfigurator: true }), expires: now() + 600, refresh_token: 'r2' }),
      json(200, []),
    )
    await api.get('meta', '/api/x')
    expect(calls[0].url).toMatch(/\/svc\/auth\/api\/token$/)
    expect(calls[0].init.body).toBe('grant_type=refresh_token&refresh_token=r1')
    expect(readSession().refreshToken).toBe('r2')
  })

  it('on 401 refreshes once and retries', async () => {
    signedIn()
    answers.push(
      json(401, { message: 'expired' }),
      json(200, { token: jwt({ ITRConfigurator: true }), expires: now() + 600, refresh_token: 'r2' }),
      json(200, ['ok']),
    )
    expect(await api.get('meta', '/api/x')).toEqual(['ok'])
    expect(calls).toHaveLength(3)
  })

  it("on 401 with a failed refresh removes the token, goes to login and rejects with 'Unauthorised. Redirecting to login.'", async () => {
    signedIn()
    answers.push(json(401, {}), json(401, {}, 'Unauthorized'))
    await expect(api.get('meta', '/api/x')).rejects.toThrow('Unauthorised. Redirecting to login.')
    expect(readSession().token).toBeNull()
    expect(navigation.toLogin).toHaveBeenCalled()
  })

  it('rejects a 403 with a valid token without logging out', async () => {
    signedIn()
    answers.push(json(403, { message: 'You are not authorised to perform this action.' }, 'Forbidden'))
    const error = await api.get('meta', '/api/x').catch((e) => e)
    expect(describeError(error)).toBe('API Error: You are not authorised to perform this action.')
    expect(readSession().token).not.toBeNull()
    expect(navigation.toLogin).not.toHaveBeenCalled()
  })

  it('uses the status line when the server gives no message', async () => {
    signedIn()
    answers.push(new Response('oops', { status: 500, statusText: 'Internal Server Error' }))
    await expect(api.get('meta', '/api/x')).rejects.toThrow('Response 500: Internal Server Error')
  })
})

describe('refresh failures', () => {
  it("says 'No refresh token cookie.' without a refresh token", async () => {
    await expect(refreshTokens()).rejects.toThrow('No refresh token cookie.')
  })

  it("says 'Token couldn't be refresh, HTTP code {status}: {statusText}' when refused", async () => {
    signedIn()
    answers.push(json(401, {}, 'Unauthorized'))
    await expect(refreshTokens()).rejects.toThrow("Token couldn't be refresh, HTTP code 401: Unauthorized")
  })

  it('shares one refresh between concurrent callers', async () => {
    signedIn()
    answers.push(json(200, { token: jwt({}), expires: now() + 600, refresh_token: 'r2' }))
    await Promise.all([refreshTokens(), refreshTokens()])
    expect(calls).toHaveLength(1)
  })
})

describe('extra headers', () => {
  it('sends caller headers such as Idempotency-Key with the bearer', async () => {
    signedIn()
    answers.push(json(200, { recordId: 1 }))
    await api.post(
      'submission',
      '/api/InstrumentTest/upload-single/',
      {},
      { headers: { 'Idempotency-Key': 'k-1' } },
    )
    const headers = calls[0].init.headers as Record<string, string>
    expect(headers['Idempotency-Key']).toBe('k-1')
    expect(headers.Authorization).toMatch(/^Bearer /)
  })
})
