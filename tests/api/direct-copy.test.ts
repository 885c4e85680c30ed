import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { customers, products, records } from '../../server/db/schema/index'
import { copyUnlessTaken, copyWithIds } from '../../server/submissions/write/direct-copy'
import { STAGE_MIN_ROWS } from '../../server/submissions/write/staged-insert'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * Rows COPYed straight into their table with ids reserved from its sequence (issue #17.3,
 * server/submissions/write/direct-copy.ts), on the driver the suite runs on.
 */
describe('COPY with reserved ids', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())
  const db = () => server.database.db

  it('gives the rows the reserved ids in their order, none of them another writer’s', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Reserved customer ${i}`)
    let ids: number[] = []
    const others: number[] = []
    const insertOther = async (name: string) => {
      const [row] = await db().insert(customers).values({ name }).returning({ id: customers.id })
      others.push(row.id)
    }
    await insertOther('Written before')
    await db().transaction(async (tx) => {
      ids = await copyWithIds(
        tx as unknown as Db,
        customers,
        names.map((name) => ({ name })),
      )
      // On PostgreSQL another connection writes while the transaction holds its ids; PGlite has one
      // connection, so there the other write waits for the commit.
      if ('connection' in ((tx as unknown as { session: { client: object } }).session.client ?? {}))
        await insertOther('Written meanwhile')
    })
    await insertOther('Written after')
    const stored = await db()
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(sql`${customers.name} LIKE 'Reserved customer %'`)
    expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids)
    const byName = new Map(stored.map((r) => [r.name, r.id]))
    expect(names.map((name) => byName.get(name))).toEqual(ids)
    expect(new Set([...ids, ...others]).size).toBe(ids.length + others.length)
  })

  it('answers null and writes nothing when a unique key is taken; the transaction goes on', async () => {
    const rollback = new Error('rollback')
    await db()
      .transaction(async (tx) => {
        const t = tx as unknown as Db
        const row = (serial: string) => ({
          serialNumberPrefix: 'NWT:',
          serialNumber: serial,
          productSerialNumber: `NWT:${serial}`,
          assetModelId: fx.transformer,
          assetManufacturerId: fx.northwind,
        })
        // NWT:4999 stored after the batch was planned, as by a concurrent writer.
        await t.insert(products).values(row('4999'))
        const before = (await t.select({ n: count() }).from(products))[0].n
        expect(
          await copyUnlessTaken(t, products, [row('4998'), row('4999'), row('4997')], { stageFromRows: 1 }),
        ).toBeNull()
        expect((await t.select({ n: count() }).from(products))[0].n).toBe(before)
        const ids = await copyUnlessTaken(t, products, [row('4998'), row('4997')], { stageFromRows: 1 })
        expect(ids).toHaveLength(2)
        expect((await t.select({ n: count() }).from(products))[0].n).toBe(before + 2)
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
  })

  it('stores an upload and single submissions sent while it runs, each record once', async () => {
    const rows = STAGE_MIN_ROWS * 2 + 10
    const lines = ['serial,testDate,result']
    for (let n = 0; n < rows; n++) lines.push(`NWT:${12_000 + n},2026-04-02 10:00,pass`)
    const body = (extra: object) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.csv,
      ...extra,
    })
    const upload = server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: body({ fileName: 'ids.csv', data: Buffer.from(`${lines.join('\n')}\n`).toString('base64') }),
    })
    const singles = Array.from({ length: 5 }, (_, n) =>
      server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
        as: 'internal',
        body: body({
          fileName: null,
          data: { serial: `NWT:${15_000 + n}`, testDate: '2026-04-03 10:00', result: 'pass' },
        }),
      }),
    )
    const answers = await Promise.all([upload, ...singles])
    expect(answers.map((a) => [a.statusCode, a.statusCode === 200 ? '' : a.body.slice(0, 300)])).toEqual(
      answers.map(() => [200, '']),
    )
    expect(answers[0].json().records).toBe(rows)
    const [stored] = rowsOf<{ records: number; ids: number; products: number }>(
      await db().execute(sql`SELECT count(*)::int AS records, count(DISTINCT r.id)::int AS ids,
          count(DISTINCT r.product_id)::int AS products
        FROM ${records} r WHERE r.product_serial_number ~ '^NWT:1[2-5][0-9]{3}$'`),
    )
    expect(stored).toEqual({ records: rows + 5, ids: rows + 5, products: rows + 5 })
  })
})
