import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlState } from './errors'
import { PgliteThread } from './pglite-thread-client'

/** Issue #17.2: PGlite on its own thread keeps what an in-thread PGlite promised drizzle. */
describe('PGlite on its own thread', () => {
  let pg: PgliteThread
  beforeAll(async () => {
    pg = await PgliteThread.open('memory://')
    await pg.exec('CREATE TABLE t (id int PRIMARY KEY, b bytea, at timestamptz)')
  })
  afterAll(() => pg.close())

  it('holds a query outside a transaction back until the transaction has committed', async () => {
    let inside = 0
    const tx = pg.transaction(async (t) => {
      await t.query('INSERT INTO t (id) VALUES (1)')
      await new Promise((resolve) => setTimeout(resolve, 100))
      inside = (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n
    })
    const outside = pg.query<{ n: number }>('SELECT count(*)::int AS n FROM t')
    await tx
    expect(inside).toBe(1)
    expect((await outside).rows[0].n).toBe(1)
  })

  it('rolls back when the callback throws, and answers driver errors with their SQLSTATE', async () => {
    await expect(
      pg.transaction(async (t) => {
        await t.query('INSERT INTO t (id) VALUES (2)')
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect((await pg.query('SELECT id FROM t WHERE id = 2')).rows).toEqual([])
    const error = await pg.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e)
    expect(sqlState(error)).toBe('23505')
    expect((error as { constraint?: string }).constraint).toBe('t_pkey')
  })

  it('round-trips bytea as Uint8Array and keeps timestamps as text when drizzle asks', async () => {
    const bytes = Uint8Array.from([0, 1, 127, 128, 255])
    await pg.query("INSERT INTO t (id, b, at) VALUES (3, $1, '2026-01-02 03:04:05+00')", [bytes])
    const keep = { 1184: (value: string) => value }
    const { rows } = await pg.query<{ b: Uint8Array; at: string }>('SELECT b, at FROM t WHERE id = 3', [], {
      parsers: keep,
    })
    expect(rows[0].b).toBeInstanceOf(Uint8Array)
    expect([...rows[0].b]).toEqual([...bytes])
    expect(rows[0].at).toBe('2026-01-02 03:04:05+00')
    // A parser that changes the text cannot cross to the thread: refused, never silently dropped.
    expect(() => pg.query('SELECT 1', [], { parsers: { 1184: () => 0 } })).toThrow(/only takes parsers/)
  })

  it('dumps the data dir for a new instance to load', async () => {
    const copy = await PgliteThread.open('memory://', await pg.dumpDataDir())
    try {
      expect((await copy.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 3 }])
    } finally {
      await copy.close()
    }
  })
})
