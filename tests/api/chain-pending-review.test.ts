import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { products, records } from '../../server/db/schema/index'
import { rejudgeRecords } from '../../server/submissions/rejudge'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

/**
 * Audit walk F4: the re-test chain under a review policy. A record supersedes an older one of its product
 * and record type only if it stands at least as firmly: a counting record (approved, or needing no review)
 * only by a newer counting one, a waiting one by a newer waiting or counting one, a rejected one by any
 * newer one. So a re-test still waiting for its review (or rejected) never hides, behind 'Show superseded',
 * the approved record that makes the product's status.
 */
describe('re-test chain and review (audit walk F4)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    tokens.reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
    tokens.approver = await server.tokenOf('approver', 'approver-demo')
    tokens.internal = await server.tokenFor('internal')
    const calibration = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:29', date: '2026-01-01T00:00:00Z', skip: true, description: 'Meter' },
      },
    })
    equipmentId = calibration.json().testEquipmentId
    await setPolicy(fx.types.test, 'review-and-approve')
    await setPolicy(fx.types.problem, 'review')
  })
  afterAll(() => server.close())

  const db = () => server.database.db

  async function setPolicy(id: number, reviewPolicy: string) {
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })
    ).json()
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${id}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy },
    })
    expect(res.statusCode).toBe(204)
  }

  /** Submits a Northwind transformer test (reviewed and approved); answers the record and product ids. */
  async function submit(serial: string, date: string, fail = false) {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      token: tokens.internal,
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial,
          testDate: date,
          equipment: [equipmentId],
          result: fail ? 'Fail' : 'Pass',
          ratio: { value: fail ? 1.5 : 0.5, passOrFail: fail ? 'Fail' : 'Pass' },
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { recordId: number; productId: number }
  }

  const act = async (id: number, who: string, action: string, comment?: string) => {
    const res = await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens[who],
      body: { action, ...(comment !== undefined ? { comment } : {}) },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { state: string; supersededBy: number | null }
  }
  const approve = async (id: number) => {
    await act(id, 'reviewer', 'review')
    return act(id, 'approver', 'approve')
  }
  const supersededBy = async (id: number) =>
    (await db().select({ by: records.supersededById }).from(records).where(eq(records.id, id)))[0].by
  const productOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]

  /** The ids the /Records grid lists for `serial` as it opens (superseded records hidden). */
  async function listed(serial: string) {
    const filters = [
      { field: 'productSerialNumber', value: serial },
      { field: 'superseded', value: 'false' },
    ]
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/50/filter/${encodeURIComponent(JSON.stringify({ filters }))}`,
      { as: 'internal' },
    )
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().result as { recordId: number }[]).map((r) => r.recordId).sort((a, b) => a - b)
  }

  it('a re-test waiting for review does not supersede the approved record; its approval does', async () => {
    const passed = await submit('NWT:4401', '2026-11-26T10:00:00Z')
    expect((await approve(passed.recordId)).state).toBe('approved')
    expect((await productOf(passed.productId)).currentStatus).toBe('pass')

    const retest = await submit('NWT:4401', '2026-11-28T10:00:00Z', true)
    // The product still says Pass (the re-test does not count yet), and so does its records list: the
    // approved record is current, listed beside the waiting re-test.
    expect((await productOf(passed.productId)).currentStatus).toBe('pass')
    expect(await supersededBy(passed.recordId)).toBeNull()
    expect(await supersededBy(retest.recordId)).toBeNull()
    expect(await listed('NWT:4401')).toEqual([passed.recordId, retest.recordId])

    // Reviewed is still waiting: nothing changes.
    expect((await act(retest.recordId, 'reviewer', 'review')).state).toBe('reviewed')
    expect(await supersededBy(passed.recordId)).toBeNull()

    // Approved: it counts, the product follows it, and it supersedes the older approved record.
    const approved = await act(retest.recordId, 'approver', 'approve')
    expect(approved).toMatchObject({ state: 'approved', supersededBy: null })
    expect((await productOf(passed.productId)).currentStatus).toBe('fail')
    expect(await supersededBy(passed.recordId)).toBe(retest.recordId)
    expect(await listed('NWT:4401')).toEqual([retest.recordId])
  })

  it('a rejected re-test supersedes nothing that counts or waits; its amendment still replaces it', async () => {
    const passed = await submit('NWT:4402', '2026-11-26T10:00:00Z')
    await approve(passed.recordId)
    const retest = await submit('NWT:4402', '2026-11-28T10:00:00Z', true)
    expect((await act(retest.recordId, 'reviewer', 'reject', 'Re-measure the ratio.')).state).toBe('rejected')
    expect(await supersededBy(passed.recordId)).toBeNull()
    expect((await productOf(passed.productId)).currentStatus).toBe('pass')
    expect(await listed('NWT:4402')).toEqual([passed.recordId, retest.recordId])

    // The amendment (a new record) waits: it replaces the rejected record, not the approved one.
    const amended = await submit('NWT:4402', '2026-11-28T11:00:00Z')
    expect(await supersededBy(retest.recordId)).toBe(amended.recordId)
    expect(await supersededBy(passed.recordId)).toBeNull()
    expect(await listed('NWT:4402')).toEqual([passed.recordId, amended.recordId])

    // Rejected again: the first rejection stays replaced by its amendment (it left its submitter's queue).
    await act(amended.recordId, 'reviewer', 'reject', 'Still wrong.')
    expect(await supersededBy(retest.recordId)).toBe(amended.recordId)
    expect(await supersededBy(passed.recordId)).toBeNull()

    // A third attempt, approved: it supersedes the approved record and both rejected ones are replaced.
    const third = await submit('NWT:4402', '2026-11-29T10:00:00Z')
    await approve(third.recordId)
    expect(await supersededBy(passed.recordId)).toBe(third.recordId)
    expect(await supersededBy(amended.recordId)).toBe(third.recordId)
    expect(await supersededBy(retest.recordId)).toBe(amended.recordId)
    expect(await listed('NWT:4402')).toEqual([third.recordId])
  })

  it('a waiting record is superseded by a newer waiting one until that one is rejected', async () => {
    const first = await submit('NWT:4403', '2026-11-26T10:00:00Z', true)
    const second = await submit('NWT:4403', '2026-11-27T10:00:00Z')
    expect(await supersededBy(first.recordId)).toBe(second.recordId)
    expect(await listed('NWT:4403')).toEqual([second.recordId])
    await act(second.recordId, 'reviewer', 'reject', 'Wrong date.')
    // The first still waits for its review: it is current again.
    expect(await supersededBy(first.recordId)).toBeNull()
    expect(await listed('NWT:4403')).toEqual([first.recordId, second.recordId])
    // Approved, it counts; the rejected newer record does not supersede it.
    expect((await approve(first.recordId)).supersededBy).toBeNull()
    expect((await productOf(first.productId)).currentStatus).toBe('fail')
  })

  it('a waiting record is superseded by a newer approved one, and stays so when approved itself', async () => {
    const older = await submit('NWT:4404', '2026-11-26T10:00:00Z', true)
    const newer = await submit('NWT:4404', '2026-11-27T10:00:00Z')
    await approve(newer.recordId)
    expect(await supersededBy(older.recordId)).toBe(newer.recordId)
    // docs/decisions.md: a superseded record can still be reviewed and approved.
    expect((await approve(older.recordId)).supersededBy).toBe(newer.recordId)
    expect((await productOf(newer.productId)).currentStatus).toBe('pass')
    expect(await listed('NWT:4404')).toEqual([newer.recordId])
  })

  it('an approved record sent back to review (rejudge, in-place edit) stops superseding the counting one', async () => {
    const passed = await submit('NWT:4405', '2026-11-26T10:00:00Z')
    await approve(passed.recordId)
    const retest = await submit('NWT:4405', '2026-11-28T10:00:00Z')
    await approve(retest.recordId)
    expect(await supersededBy(passed.recordId)).toBe(retest.recordId)
    // A failing value stored as Pass behind the server's back, corrected by the rejudge: back to review.
    const [row] = await db().select().from(records).where(eq(records.id, retest.recordId))
    await db()
      .update(records)
      .set({ data: { ...row.data, ratio: { value: 7, passOrFail: 'Pass' } } })
      .where(eq(records.id, retest.recordId))
    await rejudgeRecords(db(), { apply: true, actor: { username: 'rejudge', view: 'cli' } })
    expect((await db().select().from(records).where(eq(records.id, retest.recordId)))[0].reviewState).toBe(
      'submitted',
    )
    expect(await supersededBy(passed.recordId)).toBeNull()
    expect((await productOf(passed.productId)).currentStatus).toBe('pass')
    expect(await listed('NWT:4405')).toEqual([passed.recordId, retest.recordId])

    // A Problem Report (one-step review) edited in place after its approval.
    const body = (fault: string, date: string) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:4406', date, faultItems: [fault], repairItems: [] },
    })
    const post = async (fault: string, date: string) => {
      const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
        token: tokens.internal,
        body: body(fault, date),
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().recordId as number
    }
    const report = await post('Oil leak', '2026-11-26T00:00:00Z')
    expect((await act(report, 'reviewer', 'review')).state).toBe('approved')
    const later = await post('Cracked bushing', '2026-11-27T00:00:00Z')
    expect((await act(later, 'reviewer', 'review')).state).toBe('approved')
    expect(await supersededBy(report)).toBe(later)
    const put = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${later}`, {
      token: tokens.internal,
      body: body('Cracked bushing, phase B', '2026-11-27T00:00:00Z'),
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(await supersededBy(report)).toBeNull()
    expect(await listed('NWT:4406')).toEqual([report, later])
  })
})
