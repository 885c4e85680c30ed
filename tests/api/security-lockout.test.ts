import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/app'
import { servicePrefix, trustProxyOf } from '../../server/config'
import { clientAddressKey } from '../../server/auth/login-attempts'
import { startTestServer, type TestServer } from '../support/api'

const LOCKED = 'This account is locked after too many failed sign-in attempts. Try again in 2 minutes.'
const ADDRESS_LOCKED = 'Too many failed sign-in attempts from this address. Try again in 2 minutes.'

/**
 * Login lockout (OWASP ASVS 2.2.1, issue #11.6): 3 wrong passwords within a minute lock a username for
 * 2 minutes from that client address; 6 wrong passwords from one address over any usernames lock the address.
 */
describe('login lockout', () => {
  let server: TestServer
  let second: FastifyInstance
  const env = {
    LOGIN_LOCKOUT_ATTEMPTS: '3',
    LOGIN_ADDRESS_ATTEMPTS: '6',
    LOGIN_LOCKOUT_WINDOW: '60',
    LOGIN_LOCKOUT_DURATION: '120',
  }

  beforeAll(async () => {
    Object.assign(process.env, env)
    server = await startTestServer()
    // A second instance on the same database, as behind a load balancer (its close leaves the database open).
    second = await buildApp({
      config: server.config,
      database: { ...server.database, close: async () => {} },
    })
    await second.ready()
  }, 120_000)
  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name]
    await second.close()
    await server.close()
  })

  const signIn = (
    username: string,
    password: string,
    app: FastifyInstance = server.app,
    from = '10.0.0.1',
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `${servicePrefix('auth')}/api/token`,
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      remoteAddress: from,
    })
  const reset = () => server.database.db.execute(sql`DELETE FROM login_attempts`)

  it('locks a username after repeated wrong passwords, counted across instances, even for the right password', async () => {
    expect((await signIn('internal', 'wrong-1')).statusCode).toBe(401)
    expect((await signIn('Internal', 'wrong-2', second)).statusCode).toBe(401)
    const third = await signIn('internal', 'wrong-3')
    expect(third.statusCode).toBe(429)
    expect(third.json().message).toBe(LOCKED)

    for (const app of [server.app, second]) {
      const right = await signIn('internal', 'internal-demo', app)
      expect(right.statusCode).toBe(429)
      expect(right.json().message).toBe(LOCKED)
    }
    // Other users are not affected.
    expect((await signIn('configurator', 'configurator-demo')).statusCode).toBe(200)
    // Nor is the same user signing in from elsewhere: a stranger cannot lock an account out.
    expect((await signIn('internal', 'internal-demo', second, '192.0.2.50')).statusCode).toBe(200)
  })

  it('locks an address that sprays passwords over many usernames, for every username, only that address', async () => {
    await reset()
    const from = '198.51.100.7'
    for (const name of ['u1', 'u2', 'u3', 'u4', 'u5'])
      expect((await signIn(name, 'Spring2026!', server.app, from)).statusCode).toBe(401)
    const sixth = await signIn('u6', 'Spring2026!', second, from)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe(ADDRESS_LOCKED)
    const right = await signIn('admin', 'admin-demo', server.app, from)
    expect(right.statusCode).toBe(429)
    expect(right.json().message).toBe(ADDRESS_LOCKED)
    expect((await signIn('admin', 'admin-demo', server.app, '198.51.100.8')).statusCode).toBe(200)
  })

  it('does not believe X-Forwarded-For unless TRUST_PROXY says so', async () => {
    await reset()
    // Rotating the header does not make a client someone else.
    for (let i = 0; i < 2; i++)
      await signIn('configurator', 'wrong', server.app, '10.9.9.9', { 'x-forwarded-for': `203.0.113.${i}` })
    const third = await signIn('configurator', 'wrong', server.app, '10.9.9.9', {
      'x-forwarded-for': '203.0.113.99',
    })
    expect(third.json().message).toBe(LOCKED)

    const behindProxy = await buildApp({
      config: { ...server.config, trustProxy: trustProxyOf('true') },
      database: { ...server.database, close: async () => {} },
    })
    try {
      // Behind a configured proxy the forwarded address is the client: a locked one stays locked,
      // another is free, whatever the proxy's own address.
      const locked = await signIn('configurator', 'configurator-demo', behindProxy, '10.0.0.254', {
        'x-forwarded-for': '10.9.9.9',
      })
      expect(locked.statusCode).toBe(429)
      const free = await signIn('configurator', 'configurator-demo', behindProxy, '10.9.9.9', {
        'x-forwarded-for': '203.0.113.5',
      })
      expect(free.statusCode).toBe(200)
    } finally {
      await behindProxy.close()
    }
    expect(trustProxyOf(undefined)).toBe(false)
    expect(trustProxyOf('10.0.0.0/8')).toBe('10.0.0.0/8')
  })

  it('counts an IPv6 client by its /64', async () => {
    await reset()
    expect(clientAddressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64')
    expect(clientAddressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64')
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    for (const host of ['::1', '::2', '::3'])
      await signIn('supplier', 'wrong', server.app, `2001:db8:0:1${host}`)
    const fourth = await signIn('supplier', 'supplier-demo', server.app, '2001:db8:0:1::abcd')
    expect(fourth.json().message).toBe(LOCKED)
    expect((await signIn('supplier', 'supplier-demo', server.app, '2001:db8:0:2::1')).statusCode).toBe(200)
  })

  it('treats unknown usernames alike, so a lockout does not reveal whether a user exists', async () => {
    for (let i = 0; i < 2; i++) expect((await signIn('ghost', 'x')).statusCode).toBe(401)
    const res = await signIn('ghost', 'x')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toBe(LOCKED)
  })

  it('forgets earlier failures after a successful sign-in', async () => {
    await reset()
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'supplier-demo')).statusCode).toBe(200)
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'supplier-demo')).statusCode).toBe(200)
  })

  it('unlocks when the lock has run out', async () => {
    await reset()
    for (let i = 0; i < 3; i++) await signIn('admin', 'wrong')
    expect((await signIn('admin', 'admin-demo')).statusCode).toBe(429)
    // Two minutes later (moved back in the database rather than waited for).
    await server.database.db.execute(
      sql`UPDATE login_attempts SET locked_until = now() - interval '1 second', window_started_at = now() - interval '3 minutes'`,
    )
    expect((await signIn('admin', 'admin-demo')).statusCode).toBe(200)
  })
})
