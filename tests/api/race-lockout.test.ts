import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/app'
import { servicePrefix } from '../../server/config'
import { UsersRepository } from '../../server/auth/users'
import { startTestServer, type TestServer } from '../support/api'

const MAX = 5
const LOCKED = 'This account is locked after too many failed sign-in attempts. Try again in 15 minutes.'

/**
 * The lockout under guesses sent in parallel (audit s8d D6). Checking the lock before the slow password
 * hash and counting the failure after it let every guess in flight be checked (20 instead of 5), and the
 * right password among them cleared the lock the wrong ones had just set. The race is between the
 * server's own awaits, so it shows on PGlite as well as on PostgreSQL.
 */
describe('login lockout under parallel guesses', () => {
  let server: TestServer
  let second: FastifyInstance
  const env = {
    LOGIN_LOCKOUT_ATTEMPTS: String(MAX),
    LOGIN_ADDRESS_ATTEMPTS: '20',
    LOGIN_LOCKOUT_WINDOW: '900',
    LOGIN_LOCKOUT_DURATION: '900',
  }
  /** Every password the server checked, in order. */
  let checked: string[] = []

  beforeAll(async () => {
    Object.assign(process.env, env)
    server = await startTestServer()
    // A second instance on the same database, as behind a load balancer.
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
  afterEach(async () => {
    vi.restoreAllMocks()
    checked = []
    await server.database.db.execute(sql`DELETE FROM login_attempts`)
  })

  /** Counts password checks; each waits for `gate` when one is given. */
  const spyOnChecks = (gate?: Promise<void>) => {
    const verify = UsersRepository.prototype.verify
    vi.spyOn(UsersRepository.prototype, 'verify').mockImplementation(async function (
      this: UsersRepository,
      username: string,
      password: string,
    ) {
      checked.push(password)
      await gate
      return verify.call(this, username, password)
    })
  }
  const signIn = (password: string, app: FastifyInstance = server.app, from = '10.20.0.1') =>
    app.inject({
      method: 'POST',
      url: `${servicePrefix('auth')}/api/token`,
      payload: new URLSearchParams({ grant_type: 'password', username: 'internal', password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: from,
    })
  const counter = async (from = '10.20.0.1') => {
    const result = await server.database.db.execute(
      sql`SELECT failures, locked_until > now() AS locked FROM login_attempts WHERE address = ${from} AND username = 'internal'`,
    )
    return (result as unknown as { rows: { failures: number; locked: boolean }[] }).rows[0]
  }
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it('checks at most LOGIN_LOCKOUT_ATTEMPTS passwords while the first ones are still being checked', async () => {
    let open = () => {}
    spyOnChecks(new Promise<void>((resolve) => (open = resolve)))
    const settled: number[] = []
    const wrong = Array.from({ length: 19 }, (_, i) =>
      signIn(`wrong-${i}`, i % 2 ? second : server.app).then((res) => (settled.push(i), res)),
    )
    // Every wrong guess is either being checked (held at the gate) or already refused.
    await until(() => checked.length + settled.length >= 19)
    expect(checked.length).toBeGreaterThanOrEqual(MAX)
    // The right password while the first guesses are still being checked.
    let rightSettled = false
    const right = signIn('internal-demo', second).then((res) => ((rightSettled = true), res))
    await until(() => rightSettled || checked.includes('internal-demo'))
    open()
    const answers = await Promise.all(wrong)
    const rightAnswer = await right

    expect(rightAnswer.statusCode).toBe(429)
    expect(rightAnswer.json()).toMatchObject({ message: LOCKED })
    expect(checked.length).toBeLessThanOrEqual(MAX)
    expect(answers.filter((res) => res.statusCode === 401).length).toBeLessThan(MAX)
    for (const res of answers.filter((res) => res.statusCode !== 401)) {
      expect(res.statusCode).toBe(429)
      expect(res.json().message).toBe(LOCKED)
    }
    // The lock is in force afterwards, after exactly LOGIN_LOCKOUT_ATTEMPTS counted failures.
    expect(await counter()).toEqual({ failures: MAX, locked: true })
    const later = await signIn('internal-demo')
    expect(later.statusCode).toBe(429)
    expect(later.json().message).toBe(LOCKED)
  })

  it('19 wrong passwords and the right one at once, over two instances: no token, the lock holds', async () => {
    spyOnChecks()
    const wrong = Array.from({ length: 19 }, (_, i) => signIn(`wrong-${i}`, i < 10 ? server.app : second))
    const right = signIn('internal-demo', second)
    const answers = await Promise.all([...wrong, right])

    expect(checked.length).toBeLessThanOrEqual(MAX)
    expect(answers.filter((res) => res.statusCode === 200)).toEqual([])
    expect(answers.filter((res) => res.statusCode === 401).length).toBeLessThan(MAX)
    expect(await counter()).toEqual({ failures: MAX, locked: true })
    expect((await signIn('internal-demo', server.app)).statusCode).toBe(429)
    // Another client address of the same user is not affected.
    expect((await signIn('internal-demo', server.app, '10.20.0.2')).statusCode).toBe(200)
  })

  it('an address spraying one password over many usernames in parallel gets no more checks than its limit', async () => {
    spyOnChecks()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? second : server.app).inject({
          method: 'POST',
          url: `${servicePrefix('auth')}/api/token`,
          payload: new URLSearchParams({
            grant_type: 'password',
            username: `u${i}`,
            password: 'Spring2026!',
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: '10.20.0.3',
        }),
      ),
    )
    expect(checked.length).toBe(20)
    expect(answers.filter((res) => res.statusCode === 401).length).toBeLessThan(20)
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThan(10)
    expect((await signIn('internal-demo', server.app, '10.20.0.3')).json().message).toBe(
      'Too many failed sign-in attempts from this address. Try again in 15 minutes.',
    )
  })

  it('signs in every one of many concurrent right passwords: checks still running are no lockout', async () => {
    spyOnChecks()
    const answers = await Promise.all(Array.from({ length: 3 * MAX }, () => signIn('internal-demo')))
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))
    expect(await counter()).toBeUndefined()
  })

  it('a sign-in clears the account counter and takes back only its own slot on the address counter', async () => {
    spyOnChecks()
    // Sequentially: the right password after fewer than LOGIN_LOCKOUT_ATTEMPTS failures signs in and clears them.
    for (let i = 0; i < MAX - 1; i++) expect((await signIn(`wrong-${i}`)).statusCode).toBe(401)
    expect((await signIn('internal-demo')).statusCode).toBe(200)
    expect(await counter()).toBeUndefined()
    // The address counter only keeps the failures, not the sign-in.
    const address = await server.database.db.execute(
      sql`SELECT failures FROM login_attempts WHERE address = '10.20.0.1' AND username = '*'`,
    )
    expect((address as unknown as { rows: { failures: number }[] }).rows[0].failures).toBe(MAX - 1)
  })
})
