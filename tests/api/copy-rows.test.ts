import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { canCopy, copyRows } from '../../server/db/copy-rows'
import { startTestServer, type TestServer } from '../support/api'

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/** server/db/copy-rows.ts on the driver the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
describe('copyRows', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  /** Runs `work` in a transaction that is rolled back, answering what it answered. */
  async function rolledBack<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    let out: T | undefined
    const rollback = new Error('rollback')
    await server.database.db
      .transaction(async (tx) => {
        out = await work(tx as unknown as Db)
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
    return out!
  }

  it('carries text, null, numbers, booleans, dates and JSON exactly as they are', async () => {
    const when = new Date('2026-03-01T10:00:00.123Z')
    const texts = ['', 'plain', 'a,b', 'say "hi"', 'two\nlines', '\\N', 'NULL', ' padded ', 'ünïcode ✓']
    const rows = await rolledBack(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE copy_probe (n integer, t text, ok boolean, at timestamptz,
        j jsonb, x numeric) ON COMMIT DROP`)
      await copyRows(
        tx,
        'copy_probe',
        ['n', 't', 'ok', 'at', 'j', 'x'],
        [
          ...texts.map((t, i) => [i, t, i % 2 === 0, when, { t, list: [i, null] }, i / 4]),
          [99, null, null, null, null, null],
          [100, 'json text', true, when, JSON.stringify('a "string"'), -1.5],
        ],
      )
      return rowsOf<{ n: number; t: string | null; ok: boolean | null; at: string | null; j: unknown }>(
        await tx.execute(sql`SELECT n, t, ok, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS at,
          j, x::text AS x FROM copy_probe ORDER BY n`),
      )
    })
    expect(rows.slice(0, texts.length).map((r) => r.t)).toEqual(texts)
    expect(rows[2]).toMatchObject({
      ok: true,
      at: '2026-03-01 10:00:00.123',
      j: { t: 'a,b', list: [2, null] },
    })
    expect(rows[1]).toMatchObject({ ok: false, x: '0.25' })
    expect(rows[texts.length]).toEqual({ n: 99, t: null, ok: null, at: null, j: null, x: null })
    expect(rows[texts.length + 1]).toMatchObject({ j: 'a "string"', x: '-1.5' })
  })

  it('loads 20,000 rows in one call and fails as a whole on a bad cell', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => [i, `row ${i}`])
    const counted = await rolledBack(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE copy_many (n integer NOT NULL, t text) ON COMMIT DROP`)
      await copyRows(tx, 'copy_many', ['n', 't'], many)
      return rowsOf<{ c: number }>(await tx.execute(sql`SELECT count(*)::int AS c FROM copy_many`))[0].c
    })
    expect(counted).toBe(20_000)
    await expect(
      rolledBack(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE copy_bad (n integer NOT NULL) ON COMMIT DROP`)
        await copyRows(tx, 'copy_bad', ['n'], [[1], [null]])
      }),
    ).rejects.toThrow(/null value/)
    await expect(
      rolledBack(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE copy_nan (n integer) ON COMMIT DROP`)
        await copyRows(tx, 'copy_nan', ['n'], [[Number.NaN]])
      }),
    ).rejects.toThrow(/not a number COPY can store/)
  })

  it('runs in a transaction on PostgreSQL (the pool has no one connection), anywhere on PGlite', async () => {
    const root = server.database.db
    expect(canCopy(root)).toBe(server.database.kind === 'pglite')
    expect(await rolledBack(async (tx) => canCopy(tx))).toBe(true)
    if (server.database.kind === 'postgres')
      await expect(copyRows(root, 'products', ['serial_number'], [['x']])).rejects.toThrow(
        /inside a transaction/,
      )
  })
})
