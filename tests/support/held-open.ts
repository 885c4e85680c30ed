import pg from 'pg'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse as InjectResponse } from 'fastify'
import type { Db } from '../../server/db/client'
import { rowsOf } from '../../server/submissions/write/sql-batch'
import { withDatabase } from './api'

/** Sessions of this database waiting for a lock (row, index entry or advisory). PostgreSQL only. */
export async function lockWaiters(root: Db): Promise<number> {
  const result = await root.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  )
  return rowsOf<{ n: number }>(result)[0].n
}

/**
 * A deterministic interleaving of two writers on PostgreSQL: `first` writes inside a transaction that
 * stays open; `second` (a request) starts, and once it has answered or is queued on a lock (at most
 * 5 s), the first commits. The answer of `second` is returned. Needs a pool of at least three
 * connections (the held transaction, the request's, the lock probe).
 */
export async function firstHeldOpen(
  root: Db,
  first: (db: Db) => Promise<unknown>,
  second: () => Promise<InjectResponse>,
): Promise<InjectResponse> {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let written!: () => void
  const firstWritten = new Promise<void>((resolve) => (written = resolve))
  const holding = root.transaction(async (tx) => {
    await first(tx as unknown as Db)
    written()
    await gate
  })
  await Promise.race([firstWritten, holding])
  let answered = false
  const answer = second().finally(() => (answered = true))
  for (let waited = 0; !answered && (await lockWaiters(root)) === 0 && waited < 5000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20))
  release()
  await holding
  return answer
}

/**
 * A second connection to the test server's own database, to hold one writer's transaction open beside
 * the app's pool; undefined on PGlite (no TEST_DATABASE_URL), whose one connection cannot race.
 */
export async function secondClient(root: Db): Promise<pg.Client | undefined> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return undefined
  const [{ name }] = rowsOf<{ name: string }>(await root.execute(sql`SELECT current_database() AS name`))
  const client = new pg.Client({ connectionString: withDatabase(url, name) })
  await client.connect()
  return client
}
