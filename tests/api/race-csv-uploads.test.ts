import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, inArray } from 'drizzle-orm'
import { FIRST_CHUNK_ROWS } from '../../server/submissions/csv-writes'
import { UPLOAD_LOCK_SPACE, uploadQueue } from '../../server/submissions/write/upload-lock'
import { jobs, products, records } from '../../server/db/schema/index'
import { startTestServer, type TestServer } from '../support/api'
import { lockWaiters, secondClient } from '../support/held-open'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

const url = process.env.TEST_DATABASE_URL

/**
 * Two CSV uploads whose rows name the same products in crossing orders, each across two chunks (upload 1
 * locks product A in its first chunk and wants B in its second; upload 2 the other way round), used to
 * deadlock on PostgreSQL: one of them failed whole. Uploads now queue per product type before their
 * first write, so both store every row; a deadlock with another kind of writer is a 409, never a 500.
 * The held-lock tests need other connections and row locks, so they run on PostgreSQL only (PGlite has
 * one connection: nothing can race there); the burst runs on both.
 */
describe('CSV uploads naming the same products concurrently', () => {
  let server: TestServer
  let fx: RecordFixtures
  let clients: pg.Client[] = []
  let serial = 4100

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    for (let i = 0; i < 2; i++) {
      const client = await secondClient(server.database.db)
      if (client) clients.push(client)
    }
  })
  afterAll(async () => {
    for (const client of clients) await client.end()
    clients = []
    await server.close()
  })

  const db = () => server.database.db
  const upload = (rows: string[]) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.csv,
        fileName: 'crossing.csv',
        data: Buffer.from(`serial,testDate,result\n${rows.join('\n')}\n`).toString('base64'),
      },
    })
  /** `n` rows of product `s`, one a minute from 1 April 2026. */
  const rowsOf = (s: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const minute = new Date(Date.UTC(2026, 3, 1, 8, i))
      return `${s},${minute.toISOString().slice(0, 16).replace('T', ' ')},pass`
    })
  /** Three stored products, created in this order (so ids ascending): Z, A, B. */
  async function storedProducts() {
    const [z, a, b] = [0, 1, 2].map(() => `NWT:${serial++}`)
    const res = await upload([...rowsOf(z, 1), ...rowsOf(a, 1), ...rowsOf(b, 1)])
    expect(res.statusCode, res.body).toBe(200)
    const found = await db()
      .select({ id: products.id, serial: products.productSerialNumber })
      .from(products)
      .where(inArray(products.productSerialNumber, [z, a, b]))
    const id = (s: string) => found.find((p) => p.serial === s)!.id
    expect(id(z)).toBeLessThan(id(a))
    expect(id(a)).toBeLessThan(id(b))
    return { z, a, b, zId: id(z), aId: id(a), bId: id(b) }
  }
  const storedOf = async (jobId: number) =>
    (await db().select({ n: count() }).from(records).where(eq(records.jobId, jobId)))[0].n
  /** Resolves once `n` sessions of this database wait for a lock (at most 20 s). */
  async function waiting(n: number) {
    for (let waited = 0; waited < 20_000; waited += 25) {
      if ((await lockWaiters(db())) >= n) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`fewer than ${n} sessions ever waited for a lock`)
  }

  it('stores every row of two uploads sent at once in crossing orders', async () => {
    const { a, b } = await storedProducts()
    const first = [...rowsOf(a, FIRST_CHUNK_ROWS), ...rowsOf(b, 5)]
    const second = [...rowsOf(b, FIRST_CHUNK_ROWS), ...rowsOf(a, 5)]
    const answers = await Promise.all([upload(first), upload(second)])
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBe(200)
      expect(await storedOf(res.json().jobId)).toBe([first, second][i].length)
    }
  })

  it('a replay of an answered upload answers at once, not behind another upload of its type (audit s10 C1)', async () => {
    const row = rowsOf(`NWT:${serial++}`, 1)[0]
    const keyed = (key: string) =>
      server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        headers: { 'idempotency-key': key },
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.csv,
          fileName: 'replayed.csv',
          data: Buffer.from(`serial,testDate,result\n${row}\n`).toString('base64'),
        },
      })
    const first = await keyed('replay-me')
    expect(first.statusCode, first.body).toBe(200)
    // Another upload of the same product type is running in this instance (its queue slot held).
    let release!: () => void
    const other = uploadQueue.run([fx.transformer], () => new Promise<void>((resolve) => (release = resolve)))
    try {
      const replay = await Promise.race([
        keyed('replay-me'),
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5_000)),
      ])
      expect(replay === 'waiting' ? replay : replay.json().jobId).toBe(first.json().jobId)
    } finally {
      release()
      await other
    }
  })

  it.skipIf(!url)(
    'two uploads whose chunks cross on the same products both store every row',
    async () => {
      const { z, a, b, zId } = await storedProducts()
      // Each upload's second chunk starts with Z (the lowest id, locked first): held here, it keeps both
      // uploads there until both first chunks are written (A locked by the first, B by the second).
      const [holder] = clients
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM products WHERE id = $1 FOR NO KEY UPDATE', [zId])
      const first = [...rowsOf(a, FIRST_CHUNK_ROWS), ...rowsOf(z, 1), ...rowsOf(b, 5)]
      const second = [...rowsOf(b, FIRST_CHUNK_ROWS), ...rowsOf(z, 1), ...rowsOf(a, 5)]
      const answers = Promise.all([upload(first), upload(second)])
      try {
        // The first waits for Z at the database; in one instance the second waits in its queue
        // (UploadQueue), across instances at the type's advisory lock (the next test).
        await waiting(1)
        await new Promise((resolve) => setTimeout(resolve, 200))
      } finally {
        await holder.query('COMMIT')
      }
      const [one, two] = await answers
      expect(one.statusCode, one.body).toBe(200)
      expect(two.statusCode, two.body).toBe(200)
      expect(await storedOf(one.json().jobId)).toBe(first.length)
      expect(await storedOf(two.json().jobId)).toBe(second.length)
    },
    60_000,
  )

  it.skipIf(!url)(
    'an upload waits for an upload of its product type in another instance (its advisory lock)',
    async () => {
      const [holder] = clients
      // Another instance's upload of the same type holds the type's lock until it commits.
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
        UPLOAD_LOCK_SPACE,
        fx.transformer,
      ])
      const res = upload(rowsOf(`NWT:${serial++}`, 1))
      try {
        await waiting(1)
      } finally {
        await holder.query('COMMIT')
      }
      const answer = await res
      expect(answer.statusCode, answer.body).toBe(200)
      expect(await storedOf(answer.json().jobId)).toBe(1)
    },
    60_000,
  )

  it.skipIf(!url)(
    'uploads queued behind one of their product type leave the pool to other requests',
    async () => {
      const { z } = await storedProducts()
      const [holder, probe] = clients
      // Sessions waiting for a lock, read outside the pool (which this test fills, before the fix).
      const lockedSessions = async () =>
        Number(
          (
            await probe.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0].n,
        )
      await holder.query('BEGIN')
      await holder.query(
        'SELECT id FROM products WHERE id = (SELECT id FROM products WHERE product_serial_number = $1) FOR NO KEY UPDATE',
        [z],
      )
      // The first upload writes Z: it holds its type's lock and waits for Z. Three more of the same type
      // queue behind it; the test server's pool has four connections.
      const first = upload(rowsOf(z, 1))
      for (let waited = 0; (await lockedSessions()) < 1; waited += 25) {
        if (waited > 20_000) throw new Error('the first upload never waited for Z')
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      const queued = [0, 1, 2].map(() => upload(rowsOf(`NWT:${serial++}`, 1)))
      // Before the fix each queued upload held a pooled connection while it waited for the type's lock.
      for (let waited = 0; waited < 1_000 && (await lockedSessions()) < 4; waited += 25)
        await new Promise((resolve) => setTimeout(resolve, 25))
      let read: Awaited<ReturnType<TestServer['call']>> | 'no connection'
      try {
        read = await Promise.race([
          server.call(
            'data',
            'GET',
            `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${encodeURIComponent('{}')}`,
            { as: 'viewAll' },
          ),
          new Promise<'no connection'>((resolve) => setTimeout(() => resolve('no connection'), 5_000)),
        ])
      } finally {
        await holder.query('COMMIT')
      }
      expect(read === 'no connection' ? read : read.statusCode).toBe(200)
      for (const res of await Promise.all([first, ...queued])) {
        expect(res.statusCode, res.body).toBe(200)
        expect(await storedOf(res.json().jobId)).toBe(1)
      }
    },
    60_000,
  )

  it.skipIf(!url)(
    'an upload that deadlocks with another writer answers 409 and stores nothing',
    async () => {
      const { z, a, b, zId, aId, bId } = await storedProducts()
      const [other, gate] = clients
      const { rows } =
        await other.query(`SELECT extract(epoch FROM current_setting('deadlock_timeout')::interval)
        * 1000 AS ms`)
      const deadlockTimeout = Number(rows[0].ms)
      // Another writer holds B; the gate holds Z, where the upload's second chunk stops, holding A.
      await other.query('BEGIN')
      await other.query('SELECT id FROM products WHERE id = $1 FOR NO KEY UPDATE', [bId])
      await gate.query('BEGIN')
      await gate.query('SELECT id FROM products WHERE id = $1 FOR NO KEY UPDATE', [zId])
      const res = upload([...rowsOf(a, FIRST_CHUNK_ROWS), ...rowsOf(z, 1), ...rowsOf(b, 5)])
      let otherLocked: Promise<unknown> = Promise.resolve()
      try {
        await waiting(1)
        // The other writer now waits for A (the upload's); once its deadlock check has passed (nothing
        // cyclic yet), the gate opens and the upload asks for B: the upload's check finds the cycle.
        otherLocked = other.query('SELECT id FROM products WHERE id = $1 FOR NO KEY UPDATE', [aId])
        await waiting(2)
        await new Promise((resolve) => setTimeout(resolve, deadlockTimeout + 500))
      } finally {
        await gate.query('COMMIT')
      }
      const answer = await res
      await otherLocked
      await other.query('COMMIT')
      expect(answer.statusCode, answer.body).toBe(409)
      expect(answer.json().message).toMatch(/Nothing was saved/)
      const [job] = await db()
        .select()
        .from(jobs)
        .where(eq(jobs.kind, 'csvIngest'))
        .orderBy(jobs.id)
        .then((all) => all.slice(-1))
      expect(job.status).toBe('error')
      expect(await storedOf(job.id)).toBe(0)
    },
    60_000,
  )
})
