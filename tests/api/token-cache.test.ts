import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadJwtSecret } from '../../server/db/settings'
import { startTestServer, type TestServer } from '../support/api'

/**
 * The authenticate plugin keeps verified tokens for a short while (docs/performance.md): a token it has
 * already accepted must still be refused once it expires, and a different token is never taken on trust.
 */
describe('verified token cache', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())
  afterEach(() => vi.useRealTimers())

  const tokenFor = async (expiresAt: number, key?: Uint8Array) =>
    new SignJWT({ IsAdmin: true, name: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000))
      .setExpirationTime(expiresAt)
      .sign(key ?? (await loadJwtSecret(server.database.db)))

  it('refuses a token it accepted a moment ago once the token has expired', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 20
    const token = await tokenFor(expiresAt)
    const first = await server.call('meta', 'GET', '/api/assetmanufacturers', { token })
    expect(first.statusCode).toBe(200)
    const again = await server.call('meta', 'GET', '/api/assetmanufacturers', { token })
    expect(again.statusCode).toBe(200)

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(expiresAt * 1000 + 1000)
    const late = await server.call('meta', 'GET', '/api/assetmanufacturers', { token })
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toBe('The access token has expired.')
  })

  it('does not take a token with the same claims but another signature on trust', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 600
    const good = await tokenFor(expiresAt)
    expect((await server.call('meta', 'GET', '/api/assetmanufacturers', { token: good })).statusCode).toBe(
      200,
    )
    const forged = await tokenFor(expiresAt, new TextEncoder().encode('another key, not the server secret'))
    const res = await server.call('meta', 'GET', '/api/assetmanufacturers', { token: forged })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('The access token is not valid.')
  })
})
