import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { startTestServer, type TestServer } from '../support/api'
import { loadJwtSecret } from '../../server/db/settings'

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

describe('POST {auth}/api/token', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const token = (fields: Record<string, string>) => server.call('auth', 'POST', '/api/token', form(fields))

  it('answers token, expires (Unix seconds) and refresh_token for the password grant', async () => {
    const before = Math.floor(Date.now() / 1000)
    const res = await token({ grant_type: 'password', username: 'admin', password: 'admin-demo' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['expires', 'refresh_token', 'token'])
    expect(body.expires).toBeGreaterThan(before)
    expect(body.expires).toBeLessThanOrEqual(before + server.config.accessTokenTtlSeconds + 1)
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString())
    expect(claims.IsAdmin).toBe(true)
  })

  it('carries the supplier id and viewer categories for a supplier user', async () => {
    const res = await token({ grant_type: 'password', username: 'supplier', password: 'supplier-demo' })
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString())
    expect(typeof claims.AssetManufacturerView).toBe('number')
    expect(claims.ITRViewer).toEqual([1])
    expect(claims.IsAdmin).toBeUndefined()
  })

  it('rejects a wrong password with 401 and the login message', async () => {
    const res = await token({ grant_type: 'password', username: 'admin', password: 'wrong' })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('User is Unauthorized.')
  })

  it('rejects an unknown user with 401', async () => {
    const res = await token({ grant_type: 'password', username: 'nobody', password: 'x' })
    expect(res.statusCode).toBe(401)
  })

  it('rejects a missing grant type with 400 and a message', async () => {
    const res = await token({ username: 'admin', password: 'admin-demo' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/grant_type/)
  })

  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    const first = (
      await token({ grant_type: 'password', username: 'internal', password: 'internal-demo' })
    ).json()
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(second.statusCode).toBe(200)
    const secondBody = second.json()
    expect(secondBody.refresh_token).not.toBe(first.refresh_token)
    expect(secondBody.token).toBeTruthy()

    // Replaying the first (already used) token is theft: 401, and the family's newest token dies too.
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(replay.statusCode).toBe(401)
    const afterRevoke = await token({ grant_type: 'refresh_token', refresh_token: secondBody.refresh_token })
    expect(afterRevoke.statusCode).toBe(401)
  })

  it('rejects an unknown refresh token with 401', async () => {
    const res = await token({ grant_type: 'refresh_token', refresh_token: 'not-a-token' })
    expect(res.statusCode).toBe(401)
  })

  it('stops password guessing with 429 after the rate limit', async () => {
    const limited = await startTestServer({ loginRateLimit: 3 })
    try {
      const attempt = () =>
        limited.call(
          'auth',
          'POST',
          '/api/token',
          form({ grant_type: 'password', username: 'admin', password: 'guess' }),
        )
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401)
      const blocked = await attempt()
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().message).toMatch(/Too many sign-in attempts/)
      // Refreshing a session is no password attempt: many sessions behind one address keep refreshing
      // (audit s8c D2: the 11th refresh a minute from one address used to sign its user out).
      let refreshToken = (
        await limited.call(
          'auth',
          'POST',
          '/api/token',
          form({ grant_type: 'password', username: 'configurator', password: 'configurator-demo' }),
        )
      ).json().refresh_token
      for (let i = 0; i < 6; i++) {
        const refresh = await limited.call(
          'auth',
          'POST',
          '/api/token',
          form({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        )
        expect(refresh.statusCode, refresh.body).toBe(200)
        refreshToken = refresh.json().refresh_token
      }
    } finally {
      await limited.close()
    }
  })
})

describe('bearer tokens and role guard', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('requires a bearer on service routes', async () => {
    const res = await server.call('meta', 'GET', '/api/assetmanufacturers')
    expect(res.statusCode).toBe(401)
  })

  it('takes the Authorization scheme in any case (RFC 6750): bearer, BEARER, Bearer', async () => {
    const { token } = (
      await server.call(
        'auth',
        'POST',
        '/api/token',
        form({ grant_type: 'password', username: 'internal', password: 'internal-demo' }),
      )
    ).json()
    for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
      const res = await server.call('meta', 'GET', '/api/assetmanufacturers', {
        headers: { authorization: `${scheme} ${token}` },
      })
      expect(res.statusCode, scheme).toBe(200)
    }
    const other = await server.call('meta', 'GET', '/api/assetmanufacturers', {
      headers: { authorization: `Basic ${token}` },
    })
    expect(other.statusCode).toBe(401)
    expect(other.json().message).toBe('A bearer token is required.')
  })

  it('rejects an expired access token with 401', async () => {
    const secret = await loadJwtSecret(server.database.db)
    const expired = await new SignJWT({ IsAdmin: true, name: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret)
    const res = await server.call('meta', 'GET', '/api/assetmanufacturers', { token: expired })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('The access token has expired.')
  })

  it('rejects a token signed with another key with 401', async () => {
    const forged = await new SignJWT({ IsAdmin: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'))
    const res = await server.call('meta', 'GET', '/api/assetmanufacturers', { token: forged })
    expect(res.statusCode).toBe(401)
  })

  it('gives a supplier-view token 403 on a configurator-only route', async () => {
    const res = await server.call('meta', 'POST', '/api/assetmanufacturers', {
      as: 'supplier',
      body: { name: 'X' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('You are not authorised to perform this action.')
  })

  it('lets a configurator call the same route', async () => {
    const res = await server.call('meta', 'POST', '/api/assetmanufacturers', {
      as: 'configurator',
      body: { name: 'Y' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('serves /config.json without a token, with six hosts, the title and the due-soon lead time', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/config.json' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      title: 'ITR Studio',
      hosts: {
        auth: '/svc/auth',
        meta: '/svc/meta',
        data: '/svc/data',
        config: '/svc/config',
        submission: '/svc/submission',
        itr: '/svc/itr',
      },
      calibrationDueSoonDays: 30,
      uploadLimitMb: 20,
    })
  })

  it('tells the SPA the document upload limit in force (UPLOAD_MAX_MB), checked before a file is sent', async () => {
    const { readConfig, publicConfig } = await import('../../server/config')
    expect(publicConfig(readConfig({ UPLOAD_MAX_MB: '50' })).uploadLimitMb).toBe(50)
    expect(publicConfig(readConfig({})).uploadLimitMb).toBe(20)
  })

  it('overrides hosts and title from the environment', async () => {
    const { readConfig, publicConfig } = await import('../../server/config')
    const config = readConfig({ APP_TITLE: 'Asset Tests', HOST_DATA_URL: 'https://data.example.org' })
    expect(publicConfig(config).title).toBe('Asset Tests')
    expect(publicConfig(config).hosts.data).toBe('https://data.example.org')
  })

  it('sends security headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/config.json' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})
