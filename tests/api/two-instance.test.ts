import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder, POOL_ERROR_WARNING } from '../../server/db/client'
import { DEMO_LOGINS } from '../../server/seed/demo-users'
import { DEMO_USER } from '../support/api'
import { startServerProcess, type ServerProcess } from '../support/pg-instances'
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from '../support/pg'

// Several stateless instances behind a load balancer share one PostgreSQL database (issue 3). This file
// runs in the PostgreSQL run only (`npm run test:pg`, part of .ci/run): PGlite has a single process.
describe.runIf(testDatabaseUrl)('two server instances on one PostgreSQL database', () => {
  let scratch: ScratchDatabase
  let started: PromiseSettledResult<ServerProcess>[] = []
  let a: ServerProcess
  let b: ServerProcess

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!, 'itr_two')
    // application_name tells the two instances' connections apart in pg_stat_activity.
    const env = (name: string) => ({
      DATABASE_URL: `${scratch.url}?application_name=${name}`,
      SEED_DEMO: 'true',
      DATABASE_POOL_SIZE: '4',
    })
    // The same moment, the same empty database: both migrate and seed concurrently.
    started = await Promise.allSettled([startServerProcess(env('itr-a')), startServerProcess(env('itr-b'))])
    const [first, second] = started
    if (first.status === 'fulfilled') a = first.value
    if (second.status === 'fulfilled') b = second.value
  }, 120_000)

  afterAll(async () => {
    for (const result of started) if (result.status === 'fulfilled') await result.value.stop()
    await scratch?.drop()
  })

  const signIn = async (server: ServerProcess, username = DEMO_USER.internal.username) => {
    const password = Object.values(DEMO_USER).find((u) => u.username === username)!.password
    const res = await server.call('auth', 'POST', '/api/token', {
      form: { grant_type: 'password', username, password },
    })
    expect(res.status).toBe(200)
    return (await res.json()) as { token: string; refresh_token: string }
  }
  const refresh = (server: ServerProcess, refreshToken: string) =>
    server.call('auth', 'POST', '/api/token', {
      form: { grant_type: 'refresh_token', refresh_token: refreshToken },
    })

  it('starts both at the same time on an empty database without migration or seeding errors', async () => {
    const failures = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))
    expect(failures).toEqual([])

    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    try {
      // Each migration applied once, and the demo users seeded once (not twice, not half).
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
      const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      expect(applied.rows[0].n).toBe(journal.entries.length)
      const users = await client.query('SELECT username FROM users ORDER BY username')
      expect(users.rows.map((r) => r.username)).toEqual(DEMO_LOGINS.map((l) => l.username).sort())
    } finally {
      await client.end()
    }
  })

  it('rejects on B a refresh token already rotated on A, and ends that sign-in everywhere', async () => {
    const first = await signIn(a)
    const rotated = await refresh(a, first.refresh_token)
    expect(rotated.status).toBe(200)
    const second = (await rotated.json()) as { refresh_token: string }

    const replay = await refresh(b, first.refresh_token)
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { message: string }).message).toBe(
      'The refresh token was already used; every session of this sign-in has been ended.',
    )
    // The replay revoked the family, so the token A handed out last is dead on A too.
    expect((await refresh(a, second.refresh_token)).status).toBe(401)
  })

  it('rotates on B a refresh token issued by A, and B accepts access tokens signed by A', async () => {
    const session = await signIn(a)
    const rotated = await refresh(b, session.refresh_token)
    expect(rotated.status).toBe(200)
    expect(((await rotated.json()) as { refresh_token: string }).refresh_token).not.toBe(
      session.refresh_token,
    )

    const list = await b.call('meta', 'GET', '/api/assetmanufacturers', { token: session.token })
    expect(list.status).toBe(200)
  })

  it('lists through B a supplier created through A', async () => {
    const { token } = await signIn(a, DEMO_USER.configurator.username)
    const name = `Two-instance supplier ${Date.now()}`
    const created = await a.call('meta', 'POST', '/api/assetmanufacturers', { token, body: { name } })
    expect(created.status).toBe(200)
    const id = Number(await created.text())

    const list = await b.call('meta', 'GET', '/api/assetmanufacturers', { token })
    expect(list.status).toBe(200)
    expect(((await list.json()) as { id: number; name: string }[]).find((s) => s.id === id)?.name).toBe(name)
  })

  it('keeps serving when PostgreSQL ends its idle connections (a database restart, say)', async () => {
    const { token } = await signIn(a)
    expect((await a.call('meta', 'GET', '/api/assetmanufacturers', { token })).status).toBe(200)

    const admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    let ended: number
    try {
      const result = await admin.query(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = 'itr-a'",
      )
      ended = result.rows[0].n
    } finally {
      await admin.end()
    }
    expect(ended).toBeGreaterThan(0)
    // Each ended connection is reported once, and the process stays up.
    await a.waitForOutput((out) => out.split(POOL_ERROR_WARNING).length - 1 === ended)

    const again = await a.call('meta', 'GET', '/api/assetmanufacturers', { token })
    expect(again.status).toBe(200)
  })

  it('downloads through B the same bytes of a document uploaded through A', async () => {
    const { token } = await signIn(a)
    const content = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from('\n%%EOF\n'),
    ])
    const form = new FormData()
    form.append('file', new Blob([content], { type: 'application/pdf' }), 'two-instance.pdf')
    const uploaded = await a.call('itr', 'POST', '/api/formDocuments', { token, multipart: form })
    expect(uploaded.status).toBe(200)
    const { savedFilename } = (await uploaded.json()) as { savedFilename: string }

    const got = await b.call(
      'itr',
      'GET',
      `/api/formDocuments?filename=${encodeURIComponent(savedFilename)}`,
      {
        token,
      },
    )
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true)
  })

  it('lists through B a test record submitted through A', async () => {
    // The demo data of every fresh database: Fabrikam Meters' single-phase meters (FSM: 1..100000) and
    // their Smart Meter Accuracy Batch record type (Test).
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    let supplierId: number
    let recordTypeId: number
    try {
      const ids = await client.query(`SELECT
        (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS supplier,
        (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS type`)
      supplierId = ids.rows[0].supplier
      recordTypeId = ids.rows[0].type
    } finally {
      await client.end()
    }
    const { token } = await signIn(a)
    const serial = `FSM:${90_000 + (Date.now() % 10_000)}`
    const submitted = await a.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      token,
      body: {
        supplierId,
        productTypeId: 100205,
        recordTypeId,
        // Measurements only: the server judges them (issue #12) and stores the result, pass.
        data: {
          serial,
          testDate: '2026-03-01T09:30:00Z',
          errorAt5A: 0.2,
          errorAt60A: -0.1,
          creepTest: 'Pass',
        },
      },
    })
    expect(submitted.status).toBe(200)
    const { recordId } = (await submitted.json()) as { recordId: number }

    const filter = encodeURIComponent(
      JSON.stringify({ filters: [{ field: 'productSerialNumber', value: serial }] }),
    )
    const list = await b.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${filter}`,
      {
        token,
      },
    )
    expect(list.status).toBe(200)
    const page = (await list.json()) as {
      totalCount: number
      result: { recordId: number; productSerialNumber: string; testResult: string; recordDate: string }[]
    }
    expect(page.totalCount).toBe(1)
    expect(page.result).toEqual([
      expect.objectContaining({
        recordId,
        productSerialNumber: serial,
        testResult: 'pass',
        recordDate: '2026-03-01T09:30:00.000Z',
      }),
    ])
  })
})
