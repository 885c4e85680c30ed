import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/app'
import { servicePrefix } from '../../server/config'
import { startTestServer, type TestServer } from '../support/api'

const LOCKED = 'This account is locked after too many failed sign-in attempts. Try again in 2 minutes.'

/** Login lockout (OWASP ASVS 2.2.1): 3 wrong passwords within a minute lock a username for 2 minutes. */
describe('login lockout', () => {
  let server: TestServer
  let second: FastifyInstance
  const env = { LOGIN_LOCKOUT_ATTEMPTS: '3', LOGIN_LOCKOUT_WINDOW: '60', LOGIN_LOCKOUT_DURATION: '120' }

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

  const signIn = (username: string, password: string, app: FastifyInstance = server.app) =>
    app.inject({
      method: 'POST',
      url: `${servicePrefix('auth')}/api/token`,
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

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
  })

  it('treats unknown usernames alike, so a lockout does not reveal whether a user exists', async () => {
    for (let i = 0; i < 2; i++) expect((await signIn('ghost', 'x')).statusCode).toBe(401)
    const res = await signIn('ghost', 'x')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toBe(LOCKED)
  })

  it('forgets earlier failures after a successful sign-in', async () => {
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'supplier-demo')).statusCode).toBe(200)
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'wrong')).statusCode).toBe(401)
    expect((await signIn('supplier', 'supplier-demo')).statusCode).toBe(200)
  })

  it('unlocks when the lock has run out', async () => {
    for (let i = 0; i < 3; i++) await signIn('admin', 'wrong')
    expect((await signIn('admin', 'admin-demo')).statusCode).toBe(429)
    // Two minutes later (moved back in the database rather than waited for).
    await server.database.db.execute(
      sql`UPDATE login_attempts SET locked_until = now() - interval '1 second', window_started_at = now() - interval '3 minutes'`,
    )
    expect((await signIn('admin', 'admin-demo')).statusCode).toBe(200)
  })
})
