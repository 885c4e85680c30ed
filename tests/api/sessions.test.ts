import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { refreshTokens, users } from '../../server/db/schema/index'
import { UsersRepository } from '../../server/auth/users'
import { RefreshTokensRepository } from '../../server/auth/refresh-tokens'
import { SESSION_CHECK_MS } from '../../server/auth/session-state'
import { ExcelExportJobs } from '../../server/jobs/excel-export-jobs'
import { JobsRepository } from '../../server/jobs/jobs'
import { Viewer } from '../../server/access/viewer'
import type { ExportDelivery } from '../../server/records/export/deliver'

const ENDED = 'This session has ended. Sign in again.'
const REUSED = 'The refresh token was already used; every session of this sign-in has been ended.'
const DISABLED = 'This account is disabled. Ask an administrator to enable it.'

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

/**
 * Ending a sign-in ends it (audit s8, defects 10 and 11): Log Out revokes the refresh token's sign-in on
 * the server, a revoked token is told apart from a reused one, and the access tokens of an ended sign-in
 * or a disabled user are refused within the session-check window, not after their 15 minutes.
 */
describe('sessions', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())
  afterEach(() => vi.useRealTimers())

  const signIn = async (username: string) =>
    (
      await server.call(
        'auth',
        'POST',
        '/api/token',
        form({ grant_type: 'password', username, password: `${username}-demo` }),
      )
    ).json() as { token: string; refresh_token: string }
  const refresh = (token: string) =>
    server.call('auth', 'POST', '/api/token', form({ grant_type: 'refresh_token', refresh_token: token }))
  const logout = (token: string) => server.call('auth', 'POST', '/api/logout', form({ refresh_token: token }))
  const productTypes = (token: string) => server.call('itr', 'GET', '/api/productTypes', { token })
  /** Moves the clock past the session-check window, so the next call reads the session again. */
  const pastSessionWindow = () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + SESSION_CHECK_MS + 1000)
  }
  const tokenRows = () => server.database.db.$count(refreshTokens)

  it('Log Out ends the sign-in: its refresh token and, within seconds, its access token are refused', async () => {
    const session = await signIn('configurator')
    expect((await productTypes(session.token)).statusCode).toBe(200)

    const out = await logout(session.refresh_token)
    expect(out.statusCode).toBe(204)
    expect(out.body).toBe('')

    const rows = await tokenRows()
    const again = await refresh(session.refresh_token)
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(ENDED)
    expect(await tokenRows()).toBe(rows) // no successor issued

    pastSessionWindow()
    const late = await productTypes(session.token)
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toBe(ENDED)
  })

  it('a successor a rotation issued while Log Out ran is ended with its sign-in (audit s8c)', async () => {
    const session = await signIn('internal')
    const [mine] = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, createHash('sha256').update(session.refresh_token).digest('hex')))
    expect((await logout(session.refresh_token)).statusCode).toBe(204)
    // The race: a rotation claimed the old token before Log Out and inserts its successor after it.
    const late = await new RefreshTokensRepository(server.database.db, 3600).issue(mine.userId, mine.familyId)
    const again = await refresh(late)
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(ENDED)
    pastSessionWindow()
    const call = await productTypes(session.token)
    expect(call.statusCode).toBe(401)
    expect(call.json().message).toBe(ENDED)
  })

  it('Log Out is idempotent and says nothing about the token', async () => {
    const session = await signIn('internal')
    expect((await logout(session.refresh_token)).statusCode).toBe(204)
    expect((await logout(session.refresh_token)).statusCode).toBe(204)
    const rows = await tokenRows()
    expect((await logout('no-such-token')).statusCode).toBe(204)
    expect(await tokenRows()).toBe(rows)
    const missing = await server.call('auth', 'POST', '/api/logout', form({}))
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/refresh_token/)
  })

  it('documents Log Out in the OpenAPI: a form body with the refresh token, no bearer, 204', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/svc/openapi.json' })).json()
    const op = doc.paths['/svc/auth/api/logout'].post
    const body = op.requestBody.content['application/x-www-form-urlencoded'].schema
    expect(body.required).toEqual(['refresh_token'])
    expect(op.security).toEqual([])
    expect(Object.keys(op.responses)).toContain('204')
  })

  it('another sign-in of the same user is not ended by Log Out', async () => {
    const kept = await signIn('configurator')
    const ended = await signIn('configurator')
    expect((await logout(ended.refresh_token)).statusCode).toBe(204)
    pastSessionWindow()
    expect((await productTypes(kept.token)).statusCode).toBe(200)
    expect((await refresh(kept.refresh_token)).statusCode).toBe(200)
  })

  it('tells a reused refresh token from one revoked by that reuse', async () => {
    const session = await signIn('internal')
    // Two clients refresh with the same token: one wins, the other is a reuse.
    const [a, b] = [await refresh(session.refresh_token), await refresh(session.refresh_token)]
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(401)
    expect(b.json().message).toBe(REUSED)
    // The winner's fresh token was never used: it was revoked, and says so.
    const winner = await refresh(a.json().refresh_token)
    expect(winner.statusCode).toBe(401)
    expect(winner.json().message).toBe(ENDED)
    // The reused token presented again is ended too, not reported as a new reuse.
    expect((await refresh(session.refresh_token)).json().message).toBe(ENDED)
  })

  it('refuses a disabled user’s access token within the session window, and its refresh token', async () => {
    const session = await signIn('supplier')
    expect((await productTypes(session.token)).statusCode).toBe(200)
    const [user] = await server.database.db.select().from(users).where(eq(users.username, 'supplier'))
    // What `npm run user -- disable supplier` does.
    await new UsersRepository(server.database.db).update(user.id, { disabled: true })
    await new RefreshTokensRepository(server.database.db, 0).revokeUser(user.id)
    try {
      pastSessionWindow()
      const late = await productTypes(session.token)
      expect(late.statusCode).toBe(401)
      expect(late.json().message).toBe(DISABLED)
      const rows = await tokenRows()
      expect((await refresh(session.refresh_token)).json().message).toBe(ENDED)
      expect(await tokenRows()).toBe(rows)
    } finally {
      await new UsersRepository(server.database.db).update(user.id, { disabled: false })
    }
    // Enabled again: the old sign-in stays ended (its family was revoked); a new one works.
    vi.setSystemTime(Date.now() + SESSION_CHECK_MS + 1000)
    expect((await productTypes(session.token)).json().message).toBe(ENDED)
    expect((await productTypes((await signIn('supplier')).token)).statusCode).toBe(200)
  })

  it('a password change through the CLI ends the user’s sessions', async () => {
    const session = await signIn('internal')
    expect((await productTypes(session.token)).statusCode).toBe(200)
    const [user] = await server.database.db.select().from(users).where(eq(users.username, 'internal'))
    // What `npm run user -- set-password internal --password …` does (the same password, so the demo login stays).
    await new UsersRepository(server.database.db).update(user.id, { password: 'internal-demo' })
    await new RefreshTokensRepository(server.database.db, 0).revokeUser(user.id)
    pastSessionWindow()
    const late = await productTypes(session.token)
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toBe(ENDED)
  })

  it('does not mail an export to a user disabled while the job ran', async () => {
    const [user] = await server.database.db.select().from(users).where(eq(users.username, 'configurator'))
    await new UsersRepository(server.database.db).update(user.id, { disabled: true })
    const sent: string[] = []
    const delivery: ExportDelivery = { kind: 'outbox', send: async (to) => void sent.push(to) }
    const log = { error: () => {} } as unknown as ConstructorParameters<typeof ExcelExportJobs>[2]
    const jobs = new ExcelExportJobs(server.database.db, delivery, log)
    try {
      const job = await jobs.start({}, new Viewer({ id: user.id, claims: user.claims }))
      await jobs.drain()
      const row = await new JobsRepository(server.database.db).get(job.id)
      expect(row?.status).toBe('error')
      expect(row?.error).toBe('The export was not sent because this account is disabled.')
      expect(sent).toEqual([])
    } finally {
      await new UsersRepository(server.database.db).update(user.id, { disabled: false })
    }
  })
})
