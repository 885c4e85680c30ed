import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { auditLog, records, recordTransitions } from '../../server/db/schema/index'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

const CHANGED = (revision: number) =>
  `This record was changed after you opened it; it is now revision ${revision}. Reload it and check the changes first.`
const BAD_IF_MATCH = 'The If-Match header must be the record revision you loaded, in quotes, for example "2".'

/**
 * A record's content revision: an edit or a review names the revision the caller saw (If-Match) and is
 * refused when the record changed since, so nobody overwrites or approves content they did not see.
 */
describe('record revisions', () => {
  let server: TestServer
  let fx: RecordFixtures
  const tokens: Record<string, string> = {}
  let serial = 700

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    tokens.reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
    tokens.internal = await server.tokenFor('internal')
    tokens.admin = await server.tokenFor('viewAll')
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.problem}`, { as: 'configurator' })
    ).json()
    const policy = await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.problem}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy: 'review' },
    })
    expect(policy.statusCode).toBe(204)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const body = (serialNumber: string, fault: string) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.problem,
    data: { serial: serialNumber, date: '2026-05-03T00:00:00Z', faultItems: [fault], repairItems: [] },
  })
  /** A fresh Problem Report by `internal`; answers its id and serial. */
  async function problemReport() {
    const serialNumber = `NWT:${serial++}`
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      token: tokens.internal,
      body: body(serialNumber, 'Oil leak'),
    })
    expect(res.statusCode, res.body).toBe(200)
    return { id: res.json().recordId as number, serialNumber }
  }
  const edit = (id: number, payload: object, headers: Record<string, string> = {}, who = 'internal') =>
    server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
      token: tokens[who],
      body: payload,
      headers,
    })
  const review = (id: number, action: string, headers: Record<string, string> = {}, comment?: string) =>
    server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens.reviewer,
      body: { action, ...(comment ? { comment } : {}) },
      headers,
    })
  const stored = async (id: number) => (await db().select().from(records).where(eq(records.id, id)))[0]
  const auditRows = async (id: number) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    ).length

  it('a record starts at revision 1 and each edit in place adds one, on the record and its review', async () => {
    const { id, serialNumber } = await problemReport()
    const read = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, { as: 'viewAll' })
    expect(read.json().revision).toBe(1)
    expect(
      (await edit(id, body(serialNumber, 'Oil leak at the valve'), { 'If-Match': '"1"' })).statusCode,
    ).toBe(200)
    expect((await edit(id, body(serialNumber, 'Oil leak at the drain valve'))).statusCode).toBe(200)
    const again = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, {
      as: 'viewAll',
    })
    expect(again.json().revision).toBe(3)
    const answer = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens.reviewer,
    })
    expect(answer.json()).toMatchObject({ state: 'submitted', revision: 3 })
  })

  it("an edit made on an older revision is refused with 409 and leaves the other editor's change", async () => {
    const { id, serialNumber } = await problemReport()
    expect((await edit(id, body(serialNumber, 'Seal cracked'), { 'If-Match': '"1"' })).statusCode).toBe(200)
    const before = await stored(id)
    const logged = await auditRows(id)
    const stale = await edit(id, body(serialNumber, 'Gasket missing'), { 'If-Match': '"1"' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toBe(CHANGED(2))
    const after = await stored(id)
    expect(after.faultItems).toBe(before.faultItems)
    expect(after.revision).toBe(2)
    expect(await auditRows(id)).toBe(logged)
    // W/"2" and a bare 2 are read as the revision; anything else is a clear 400, and * asks for no check.
    expect((await edit(id, body(serialNumber, 'Gasket missing'), { 'If-Match': 'W/"2"' })).statusCode).toBe(
      200,
    )
    for (const ifMatch of ['revision three', '"3', '3"', '"3", "4"']) {
      const bad = await edit(id, body(serialNumber, 'Gasket torn'), { 'If-Match': ifMatch })
      expect(bad.statusCode, ifMatch).toBe(400)
      expect(bad.json().message).toBe(BAD_IF_MATCH)
    }
    expect((await edit(id, body(serialNumber, 'Gasket torn'), { 'If-Match': '*' })).statusCode).toBe(200)
    expect((await stored(id)).revision).toBe(4)
  })

  it('a resent edit (same Idempotency-Key) gets its first answer, not a conflict with itself', async () => {
    const { id, serialNumber } = await problemReport()
    const headers = { 'If-Match': '"1"', 'Idempotency-Key': `revision-${id}` }
    const first = await edit(id, body(serialNumber, 'Bushing chipped'), headers)
    expect(first.statusCode, first.body).toBe(200)
    const resent = await edit(id, body(serialNumber, 'Bushing chipped'), headers)
    expect(resent.statusCode, resent.body).toBe(200)
    expect(resent.json()).toEqual(first.json())
    expect((await stored(id)).revision).toBe(2)
    // The key with another If-Match is another request: refused, not answered with the first's answer.
    const other = await edit(id, body(serialNumber, 'Bushing chipped'), { ...headers, 'If-Match': '"7"' })
    expect(other.statusCode).toBe(422)
    expect((await stored(id)).revision).toBe(2)
  })

  it('a review of a revision the record no longer has is refused, and nothing is decided', async () => {
    const { id, serialNumber } = await problemReport()
    // The reviewer opened revision 1; the submitter's edit (it stays submitted) made it revision 2.
    expect((await edit(id, body(serialNumber, 'Tap changer stuck'))).statusCode).toBe(200)
    const transitions = async () =>
      db().select().from(recordTransitions).where(eq(recordTransitions.recordId, id))
    const count = (await transitions()).length
    for (const action of ['review', 'reject']) {
      const refused = await review(id, action, { 'If-Match': '"1"' }, 'Not what I saw')
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toBe(CHANGED(2))
    }
    expect((await stored(id)).reviewState).toBe('submitted')
    expect((await transitions()).length).toBe(count)
    // A body key the review does not take is refused, naming it, before anything is decided.
    const extra = await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens.reviewer,
      body: { action: 'review', revision: 1 },
    })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().message).toBe('Unknown field in the review: "revision". It holds action, comment.')
    const bad = await review(id, 'review', { 'If-Match': '"two"' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe(BAD_IF_MATCH)

    // On the revision it now has, the review is made, and its transition keeps that revision.
    const made = await review(id, 'review', { 'If-Match': '"2"' })
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json().state).toBe('approved')
    expect(made.json().transitions.at(-1)).toMatchObject({ from: 'submitted', to: 'approved', revision: 2 })
  })

  it('someone who may not amend a rejected record is told so, not told to reload', async () => {
    const { id, serialNumber } = await problemReport()
    expect((await review(id, 'reject', { 'If-Match': '"1"' }, 'Say which valve.')).statusCode).toBe(200)
    const byReviewer = await edit(id, body(serialNumber, 'Valve 3'), { 'If-Match': '"9"' }, 'reviewer')
    expect(byReviewer.statusCode).toBe(403)
    expect(byReviewer.json().message).toBe('Only the submitter of a rejected record can amend it.')
  })

  it('a rejected record amended by its submitter comes back at a new revision, named in its history', async () => {
    const { id, serialNumber } = await problemReport()
    expect((await review(id, 'reject', { 'If-Match': '"1"' }, 'Say which valve.')).statusCode).toBe(200)
    expect(
      (await edit(id, body(serialNumber, 'Oil leak at valve 3'), { 'If-Match': '"1"' })).statusCode,
    ).toBe(200)
    const answer = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens.reviewer,
    })
    expect(answer.json().revision).toBe(2)
    expect(
      answer.json().transitions.map((t: { to: string; revision: number }) => `${t.to}@${t.revision}`),
    ).toEqual(['rejected@1', 'submitted@2'])
  })
})
