import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { intArray, textArray } from '../../server/db/sql-arrays'
import { rowsOf } from '../../server/submissions/write/sql-batch'
import { startTestServer, type TestServer } from '../support/api'

/** server/db/sql-arrays.ts on the driver the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
describe('array parameters', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('carries every text exactly as it is, one element each', async () => {
    const texts = [
      '',
      'plain',
      'a,b',
      'say "hi"',
      'back\\slash',
      '{braces}',
      'NULL',
      ' padded ',
      'two\nlines',
      'ünïcode ✓',
    ]
    const rows = rowsOf<{ v: string; n: number }>(
      await server.database.db.execute(
        sql`SELECT v, ord::int AS n FROM unnest(${textArray(texts)}) WITH ORDINALITY AS u(v, ord) ORDER BY ord`,
      ),
    )
    expect(rows.map((r) => r.v)).toEqual(texts)
  })

  it('finds rows by a list of ids, and by none', async () => {
    const db = server.database.db
    const find = async (ids: number[]) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`SELECT id FROM products WHERE id = ANY(${intArray(ids)}) ORDER BY id`),
      ).map((r) => Number(r.id))
    const [first, second] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM products ORDER BY id LIMIT 2`),
    ).map((r) => Number(r.id))
    expect(await find([second, first, first])).toEqual([first, second])
    expect(await find([])).toEqual([])
    expect(() => intArray([1.5])).toThrow('intArray: 1.5 is not an integer')
  })
})
