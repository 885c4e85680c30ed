import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { autoPreparingClient } from '../../server/db/auto-prepare'
import { readConfig } from '../../server/config'

const url = process.env.TEST_DATABASE_URL

/** The statements PostgreSQL holds prepared on the connection that runs this. */
async function preparedOn(client: pg.PoolClient): Promise<Array<{ name: string; statement: string }>> {
  const result = await client.query('SELECT name, statement FROM pg_prepared_statements ORDER BY name')
  return result.rows as Array<{ name: string; statement: string }>
}

describe('DATABASE_PREPARE', () => {
  it('is on unless set to off', () => {
    expect(readConfig({}).autoPrepare).toBe(true)
    expect(readConfig({ DATABASE_PREPARE: 'on' }).autoPrepare).toBe(true)
    expect(readConfig({ DATABASE_PREPARE: ' OFF ' }).autoPrepare).toBe(false)
  })
})

/** server/db/auto-prepare.ts on a real PostgreSQL connection (PGlite does not use it). */
describe.runIf(url)('auto-prepared statements on PostgreSQL', () => {
  let pool: pg.Pool | undefined
  const open = (maxPerConnection = 250) => {
    const Client = autoPreparingClient(pg.Client, { minUsages: 2, maxPerConnection })
    pool = new pg.Pool({ connectionString: url, max: 1, Client })
    return pool.connect()
  }
  afterEach(async () => {
    await pool?.end()
    pool = undefined
  })

  it('prepares a parameterised statement from its second use, with the right rows for each value', async () => {
    const client = await open()
    const text = 'SELECT n * $1::int AS v FROM generate_series(1, 3) AS n ORDER BY n'
    const answers = []
    for (const factor of [1, 2, 3, 4, 5, 6, 7, 8])
      answers.push((await client.query({ text, values: [factor] })).rows)
    expect(answers[0]).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }])
    expect(answers[7]).toEqual([{ v: 8 }, { v: 16 }, { v: 24 }])
    const prepared = await preparedOn(client)
    expect(prepared.filter((p) => p.statement === text)).toHaveLength(1)
    client.release()
  })

  it('leaves unparameterised text alone, so several statements in one text still run', async () => {
    const client = await open()
    const text = 'CREATE TEMP TABLE IF NOT EXISTS t_multi (n int); INSERT INTO t_multi VALUES (1)'
    for (let i = 0; i < 3; i++) await client.query({ text })
    expect((await client.query('SELECT count(*)::int AS c FROM t_multi')).rows).toEqual([{ c: 3 }])
    expect((await preparedOn(client)).some((p) => p.statement === text)).toBe(false)
    client.release()
  })

  it('keeps the name a caller gave', async () => {
    const client = await open()
    for (let i = 0; i < 3; i++) await client.query({ name: 'mine', text: 'SELECT $1::int AS v', values: [i] })
    expect((await preparedOn(client)).map((p) => p.name)).toEqual(['mine'])
    client.release()
  })

  it('prepares no more than its cap on one connection, and still answers past it', async () => {
    const client = await open(2)
    const texts = ['SELECT $1::int + 1 AS v', 'SELECT $1::int + 2 AS v', 'SELECT $1::int + 3 AS v']
    for (const text of texts) for (let i = 0; i < 3; i++) await client.query({ text, values: [10] })
    expect(await preparedOn(client)).toHaveLength(2)
    expect((await client.query({ text: texts[2], values: [10] })).rows).toEqual([{ v: 13 }])
    client.release()
  })

  it('sends a call binding a bulk list to an array parameter unnamed, and keeps short ones prepared', async () => {
    const client = await open()
    const text = 'SELECT count(*)::int AS c FROM generate_series(1, 5000) AS n WHERE n = ANY($1::int[])'
    const list = (size: number) => `{${Array.from({ length: size }, (_, i) => i + 1).join(',')}}`
    for (let i = 0; i < 3; i++) await client.query({ text, values: [list(1000)] })
    expect((await preparedOn(client)).some((p) => p.statement === text)).toBe(false)
    expect((await client.query({ text, values: [list(1000)] })).rows).toEqual([{ c: 1000 }])
    for (let i = 0; i < 3; i++) await client.query({ text, values: [list(2)] })
    expect((await preparedOn(client)).filter((p) => p.statement === text)).toHaveLength(1)
    // Once named on the connection, a bulk call still goes unnamed, with the right answer.
    expect((await client.query({ text, values: [list(1000)] })).rows).toEqual([{ c: 1000 }])
    client.release()
  })

  it('recovers after an error aborts the transaction a prepared statement runs in', async () => {
    const client = await open()
    const text = 'SELECT 10 / $1::int AS v'
    expect((await client.query({ text, values: [2] })).rows).toEqual([{ v: 5 }])
    await client.query('BEGIN')
    await expect(client.query({ text, values: [0] })).rejects.toThrow('division by zero')
    await expect(client.query({ text, values: [5] })).rejects.toThrow('current transaction is aborted')
    await client.query('ROLLBACK')
    expect((await client.query({ text, values: [5] })).rows).toEqual([{ v: 2 }])
    client.release()
  })
})
