import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { secondClient } from '../support/held-open'
import { records } from '../../server/db/schema/index'
import { rowsOf } from '../../server/submissions/write/sql-batch'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

const url = process.env.TEST_DATABASE_URL

/**
 * Audit s8d D5: the user who amended a record in place never reviews or approves it, even when the
 * amendment and the review race. The held-transaction test needs a second connection and row locks, so it
 * runs on PostgreSQL only (PGlite has one connection: nothing can race there); the burst runs on both.
 */
describe('review racing an in-place amendment', () => {
  let server: TestServer
  let fx: RecordFixtures
  let serial = 3600
  let other: pg.Client | undefined

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    // One-step review for Problem Reports: the review approves, and so changes the product's summary.
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.problem}`, { as: 'configurator' })
    ).json()
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.problem}`, {
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

  const body = (s: string, fault: string) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.problem,
    data: { serial: s, date: '2026-05-04T00:00:00Z', faultItems: [fault], repairItems: [] },
  })
  async function report() {
    const s = `NWT:${serial++}`
    const post = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: body(s, 'Oil leak'),
    })
    expect(post.statusCode, post.body).toBe(200)
    return { s, id: post.json().recordId as number }
  }
  const review = (id: number) =>
    server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      as: 'viewAll',
      body: { action: 'review' },
    })
  const stateOf = async (id: number) =>
    (await server.database.db.select().from(records).where(eq(records.id, id)))[0]

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

  it.skipIf(!url)(
    'a review waiting for an amendment by the same user is refused once it commits',
    async () => {
      const { id } = await report()
      // admin's amendment, mid-transaction: the record's content replaced and admin its amender.
      await other!.query('BEGIN')
      await other!.query(
        `UPDATE records SET updated_by = (SELECT id FROM users WHERE username = 'admin'), updated_at = now(),
         data = jsonb_set(data, '{faultItems}', '["Oil leak at the drain valve"]') WHERE id = $1`,
        [id],
      )
      const answer = review(id)
      await blocked()
      await other!.query('COMMIT')
      const refused = await answer
      expect(refused.statusCode, refused.body).toBe(403)
      expect(refused.json().message).toBe('You amended this record; someone else must review or approve it.')
      expect((await stateOf(id)).reviewState).toBe('submitted')
    },
  )

  it('amendment and review by one user at once: never both, never a 500 (no deadlock)', async () => {
    for (let trial = 0; trial < 8; trial++) {
      const { s, id } = await report()
      const [edit, reviewed] = await Promise.all([
        server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
          as: 'viewAll',
          body: body(s, `Oil leak, trial ${trial}`),
        }),
        new Promise((r) => setTimeout(r, trial % 4)).then(() => review(id)),
      ])
      expect(edit.statusCode, edit.body).toBe(200)
      expect([200, 403, 409], reviewed.body).toContain(reviewed.statusCode)
      const row = await stateOf(id)
      // The edit always ends as a fresh submission: if the review won, the amendment re-opened it.
      expect(row.reviewState).toBe('submitted')
      const history = rowsOf<{ to_state: string }>(
        await server.database.db.execute(
          sql`SELECT to_state FROM record_transitions WHERE record_id = ${id} ORDER BY id`,
        ),
      ).map((t) => t.to_state)
      // An approval, if any, came before the amendment, never after it.
      expect(history.at(-1)).toBe('submitted')
    }
  })
})
