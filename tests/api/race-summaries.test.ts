import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { secondClient } from '../support/held-open'
import { products, records } from '../../server/db/schema/index'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

const url = process.env.TEST_DATABASE_URL

/**
 * Audit s8d D1: a product's summary (DateOfLastRecord, CurrentStatus) follows its newest counting record
 * even when records or approvals of the product race. The held-transaction tests need a second connection
 * and row locks, so they run on PostgreSQL only (PGlite has one connection: nothing can race there); the
 * burst runs on both.
 */
describe('product summaries under concurrent writers', () => {
  let server: TestServer
  let fx: RecordFixtures
  let serial = 3300
  let reviewer = ''
  let equipmentId = 0
  let other: pg.Client | undefined

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
    const calibration = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:19', date: '2026-01-01T00:00:00Z', skip: true, description: 'Meter' },
      },
    })
    equipmentId = calibration.json().testEquipmentId
    // One-step review: a spot check's review approves it.
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.spotCheck}`, { as: 'configurator' })
    ).json()
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.spotCheck}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy: 'review' },
    })
    expect(res.statusCode).toBe(204)
    other = await secondClient(server.database.db)
  })
  afterAll(async () => {
    await other?.end()
    await server.close()
  })

  const submit = (s: string, day: number, fail: boolean, recordTypeId = fx.types.test) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId,
        data: {
          serial: s,
          testDate: `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`,
          equipment: [equipmentId],
          result: fail ? 'Fail' : 'Pass',
          ratio: { value: fail ? 1.5 : 0.5, passOrFail: fail ? 'Fail' : 'Pass' },
        },
      },
    })
  const summaryOf = async (id: number) => {
    const [p] = await server.database.db.select().from(products).where(eq(products.id, id))
    return { last: p.dateOfLastRecord?.toISOString().slice(0, 10), status: p.currentStatus }
  }

  /** Resolves once a backend of this database waits for a lock (the request under test is blocked). */
  async function blocked() {
    for (let i = 0; i < 200; i++) {
      const { rows } = await other!.query(`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`)
      if (rows[0].n > 0) return
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error('the request never waited for the held transaction')
  }

  /** A copy of record `id` dated `day` March, failed, written by the held transaction. */
  async function insertCopy(id: number, day: number, state: string) {
    const { rows } = await other!.query(`SELECT string_agg(quote_ident(column_name), ',') AS cols
      FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'records'
        AND column_name NOT IN ('id', 'record_date', 'test_result', 'review_state', 'superseded_by_id')`)
    const cols = rows[0].cols as string
    await other!.query(
      `INSERT INTO records (${cols}, record_date, test_result, review_state)
       SELECT ${cols}, $2::timestamptz, 'fail', $3 FROM records WHERE id = $1`,
      [id, `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`, state],
    )
  }

  it.skipIf(!url)(
    'a new record waiting for the product lock counts the record committed meanwhile',
    async () => {
      const s = `NWT:${serial++}`
      const first = await submit(s, 1, false)
      expect(first.statusCode, first.body).toBe(200)
      const { recordId, productId } = first.json()
      // The first writer, mid-transaction: its record (the newest, a Fail) stored and its summary written.
      await other!.query('BEGIN')
      await insertCopy(recordId, 9, 'none')
      await other!.query(
        `UPDATE products SET date_of_last_record = '2026-03-09T10:00:00Z', current_status = 'fail' WHERE id = $1`,
        [productId],
      )
      const second = submit(s, 5, false)
      await blocked()
      await other!.query('COMMIT')
      expect((await second).statusCode).toBe(200)
      expect(await summaryOf(productId)).toEqual({ last: '2026-03-09', status: 'fail' })
    },
  )

  it.skipIf(!url)(
    'an approval waiting for the product lock counts the approval committed meanwhile',
    async () => {
      const s = `NWT:${serial++}`
      const older = (await submit(s, 5, false, fx.types.spotCheck)).json()
      const newer = (await submit(s, 9, true, fx.types.spotCheck)).json()
      // The first approver, mid-transaction: the newer record approved and its summary written.
      await other!.query('BEGIN')
      await other!.query(`UPDATE records SET review_state = 'approved' WHERE id = $1`, [newer.recordId])
      await other!.query(
        `UPDATE products SET date_of_last_record = '2026-03-09T10:00:00Z', current_status = 'fail' WHERE id = $1`,
        [older.productId],
      )
      const approval = server.call(
        'data',
        'POST',
        `/api/InstrumentTestRecord/Record/${older.recordId}/review`,
        {
          token: reviewer,
          body: { action: 'review' },
        },
      )
      await blocked()
      await other!.query('COMMIT')
      const answer = await approval
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.json().state).toBe('approved')
      expect(await summaryOf(older.productId)).toEqual({ last: '2026-03-09', status: 'fail' })
    },
  )

  it('a burst of records and approvals of one product: summary and re-test chain follow the newest', async () => {
    const s = `NWT:${serial++}`
    const first = await submit(s, 1, false)
    expect(first.statusCode, first.body).toBe(200)
    const { productId } = first.json()
    // Spot checks (one-step review) waiting, approved at once while new test records arrive.
    const waiting = [] as number[]
    for (let day = 2; day <= 5; day++)
      waiting.push((await submit(s, day, false, fx.types.spotCheck)).json().recordId)
    const answers = await Promise.all([
      ...[6, 7, 8, 9, 10, 11].map((day) => submit(s, day, day === 11)),
      ...waiting.map((id) =>
        server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
          token: reviewer,
          body: { action: 'review' },
        }),
      ),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))
    expect(await summaryOf(productId)).toEqual({ last: '2026-03-11', status: 'fail' })
    const chain = await server.database.db
      .select({ id: records.id, next: records.supersededById })
      .from(records)
      .where(sql`${records.productId} = ${productId} AND ${records.recordTypeId} = ${fx.types.test}`)
      .orderBy(records.recordDate, records.id)
    expect(chain.map((r) => r.next)).toEqual([...chain.slice(1).map((r) => r.id), null])
  })
})
