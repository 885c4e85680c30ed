import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { products, records } from '../../server/db/schema/index'
import { UsersRepository } from '../../server/auth/users'
import { recordFixtures, type RecordFixtures } from './records-fixtures'
import { pdfText } from '../support/pdf-text'
import { rejudgeRecords } from '../../server/submissions/rejudge'

/** Issue #19: review and approval, the re-test chain, and what counts for a product. */
describe('record review and approval', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  const tokens: Record<string, string> = {}
  let serial = 300

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    tokens.reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
    tokens.approver = await server.tokenOf('approver', 'approver-demo')
    tokens.internal = await server.tokenFor('internal')
    tokens.admin = await server.tokenFor('viewAll')
    // A reviewer of another supplier (Contoso): Northwind's records are outside its scope.
    await new UsersRepository(server.database.db).add({
      username: 'contoso-reviewer',
      email: 'cr@itr.example',
      password: 'contoso-reviewer-demo',
      claims: { AssetManufacturerView: fx.contoso, ITRReviewer: true, ITRSubmitter: true, ITRViewer: [1] },
    })
    tokens.contoso = await server.tokenOf('contoso-reviewer', 'contoso-reviewer-demo')
    const calibration = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:19', date: '2026-01-01T00:00:00Z', skip: true, description: 'Meter' },
      },
    })
    equipmentId = calibration.json().testEquipmentId
    await setPolicy(fx.types.test, 'review-and-approve')
    await setPolicy(fx.types.spotCheck, 'review')
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

  /** Submits a Northwind transformer test; answers the record and product ids. */
  async function submit(
    options: { who?: string; serial?: string; date?: string; fail?: boolean; type?: number } = {},
  ) {
    const fail = options.fail ?? false
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      token: tokens[options.who ?? 'internal'],
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: options.type ?? fx.types.test,
        data: {
          serial: options.serial ?? `NWT:${serial++}`,
          testDate: options.date ?? '2026-05-01T10:00:00Z',
          equipment: [equipmentId],
          result: fail ? 'Fail' : 'Pass',
          ratio: { value: fail ? 1.5 : 0.5, passOrFail: fail ? 'Fail' : 'Pass' },
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { recordId: number; productId: number }
  }

  const act = (id: number, who: string, action: string, comment?: string) =>
    server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens[who],
      body: { action, ...(comment !== undefined ? { comment } : {}) },
    })
  const stateOf = async (id: number) =>
    (await db().select({ s: records.reviewState }).from(records).where(eq(records.id, id)))[0].s
  const productOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]

  it('a record type keeps its review policy, and a PUT without one leaves it as it is', async () => {
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.test}`, { as: 'configurator' })
    ).json()
    expect(type.reviewPolicy).toBe('review-and-approve')
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.test}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units },
    })
    expect(res.statusCode).toBe(204)
    const again = await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.test}`, { as: 'internal' })
    expect(again.json().reviewPolicy).toBe('review-and-approve')
    const bad = await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.test}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy: 'maybe' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('submit Fail → reject with comment → amend → review → approve; the product follows only then', async () => {
    const first = await submit({ serial: 'NWT:201', fail: true })
    expect(await stateOf(first.recordId)).toBe('submitted')
    expect((await productOf(first.productId)).currentStatus).toBeNull()
    const listed = await server.call('meta', 'GET', productsPage('NWT:201'), { as: 'internal' })
    expect(listed.json().result[0]).toMatchObject({ currentStatus: null, pendingReview: true })

    const noComment = await act(first.recordId, 'reviewer', 'reject', '  ')
    expect(noComment.statusCode).toBe(400)
    expect(noComment.json().message).toBe('A comment is required to reject a record.')
    const rejected = await act(first.recordId, 'reviewer', 'reject', 'Ratio reading looks wrong; re-measure.')
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      transitions: [
        {
          from: 'submitted',
          to: 'rejected',
          by: 'reviewer',
          comment: 'Ratio reading looks wrong; re-measure.',
        },
      ],
    })
    const mine = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Record/${first.recordId}/review`,
      {
        token: tokens.internal,
      },
    )
    expect(mine.json()).toMatchObject({
      state: 'rejected',
      mayAmend: true,
      actions: [],
      submittedBy: 'internal',
    })

    // The amended record is a new revision; it supersedes the rejected one and waits again.
    const amended = await submit({ serial: 'NWT:201', fail: true, date: '2026-05-01T11:00:00Z' })
    expect(await stateOf(amended.recordId)).toBe('submitted')
    const [old] = await db().select().from(records).where(eq(records.id, first.recordId))
    expect(old).toMatchObject({ reviewState: 'rejected', supersededById: amended.recordId })

    expect((await act(amended.recordId, 'reviewer', 'review')).json().state).toBe('reviewed')
    expect((await productOf(amended.productId)).currentStatus).toBeNull()
    const approved = await act(amended.recordId, 'approver', 'approve')
    expect(approved.statusCode).toBe(200)
    expect(approved.json().transitions.map((t: { to: string }) => t.to)).toEqual(['reviewed', 'approved'])
    const product = await productOf(amended.productId)
    expect(product.currentStatus).toBe('fail')
    expect(product.dateOfLastRecord?.toISOString()).toBe('2026-05-01T11:00:00.000Z')
    const after = await server.call('meta', 'GET', productsPage('NWT:201'), { as: 'internal' })
    expect(after.json().result[0]).toMatchObject({ currentStatus: 'fail', pendingReview: false })

    // Each transition is audited on the record.
    const audit = await server.call('config', 'GET', `/api/Audit/record/${amended.recordId}`, {
      as: 'viewAll',
    })
    expect(audit.json().filter((e: { action: string }) => e.action === 'update')).toHaveLength(2)
  })

  it('refuses transitions from the wrong state', async () => {
    const { recordId } = await submit()
    const approve = await act(recordId, 'approver', 'approve')
    expect(approve.statusCode).toBe(409)
    expect(approve.json().message).toBe('This record is submitted; it cannot be approved now.')
    await act(recordId, 'reviewer', 'review')
    const again = await act(recordId, 'reviewer', 'review')
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This record is reviewed; it cannot be reviewed now.')
    await act(recordId, 'approver', 'approve')
    const reject = await act(recordId, 'admin', 'reject', 'too late')
    expect(reject.statusCode).toBe(409)
    expect(reject.json().message).toBe('This record is approved; it cannot be rejected now.')
  })

  it('refuses the wrong role and a record that needs no review', async () => {
    const { recordId } = await submit()
    const byInternal = await act(recordId, 'internal', 'review')
    expect(byInternal.statusCode).toBe(403)
    expect(byInternal.json().message).toBe('You are not a reviewer (ITRReviewer).')
    const byApprover = await act(recordId, 'approver', 'reject', 'no')
    expect(byApprover.statusCode).toBe(403)
    expect(byApprover.json().message).toBe('You are not a reviewer (ITRReviewer).')
    await act(recordId, 'reviewer', 'review')
    const approveByReviewer = await act(recordId, 'reviewer', 'approve')
    expect(approveByReviewer.statusCode).toBe(403)
    expect(approveByReviewer.json().message).toBe('You are not an approver (ITRApprover).')
    const despatch = await server.call('submission', 'POST', '/api/InstrumentTest/despatch', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.despatch,
        data: { serial: 'NWT:250', date: '2026-05-02T00:00:00Z', job: 'J-19', customer: 'Acme', batch: 'B1' },
      },
    })
    expect(despatch.statusCode, despatch.body).toBe(200)
    const none = await act(despatch.json().recordId, 'reviewer', 'review')
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('This record needs no review.')
    const bad = await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${recordId}/review`, {
      token: tokens.approver,
      body: { action: 'bless' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('nobody reviews or approves their own record; the approver is not the reviewer', async () => {
    const own = await submit({ who: 'reviewer' })
    const res = await act(own.recordId, 'reviewer', 'review')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('You cannot review or approve your own record.')
    const { recordId } = await submit()
    expect((await act(recordId, 'admin', 'review')).statusCode).toBe(200)
    const sameAdmin = await act(recordId, 'admin', 'approve')
    expect(sameAdmin.statusCode).toBe(403)
    expect(sameAdmin.json().message).toBe('You reviewed this record; another approver must approve it.')
    expect((await act(recordId, 'approver', 'approve')).statusCode).toBe(200)
  })

  it("refuses another supplier's record as not found, like the record read", async () => {
    const { recordId } = await submit()
    const res = await act(recordId, 'contoso', 'review')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(`Record ${recordId} does not exist`)
  })

  it('one-step review approves; a Problem Report amended with PUT goes back to submitted', async () => {
    const spot = await submit({ type: fx.types.spotCheck, serial: 'NWT:260' })
    expect((await act(spot.recordId, 'reviewer', 'review')).json().state).toBe('approved')
    expect((await productOf(spot.productId)).currentStatus).toBe('pass')

    const body = (fault: string) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:261', date: '2026-05-03T00:00:00Z', faultItems: [fault], repairItems: [] },
    })
    const post = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      token: tokens.internal,
      body: body('Oil leak'),
    })
    const id = post.json().recordId
    await act(id, 'reviewer', 'reject', 'Name the leaking valve.')
    const byOther = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
      token: tokens.approver,
      body: body('Oil leak somewhere'),
    })
    expect(byOther.statusCode).toBe(403)
    expect(byOther.json().message).toBe('Only the submitter of a rejected record can amend it.')
    const put = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
      token: tokens.internal,
      body: body('Oil leak at drain valve'),
    })
    expect(put.statusCode, put.body).toBe(200)
    const review = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens.reviewer,
    })
    expect(review.json()).toMatchObject({ state: 'submitted', actions: ['review', 'reject'] })
    expect(review.json().transitions.map((t: { from: string; to: string }) => `${t.from}>${t.to}`)).toEqual([
      'submitted>rejected',
      'rejected>submitted',
    ])
  })

  it('nobody reviews or approves a record they amended; it leaves their queue', async () => {
    const body = (fault: string) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:265', date: '2026-05-04T00:00:00Z', faultItems: [fault], repairItems: [] },
    })
    const post = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      token: tokens.internal,
      body: body('Oil leak'),
    })
    const id = post.json().recordId
    const queued = async (who: string) => {
      const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'queue', value: 'mine' }] }))
      const page = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Records/page/1/size/100/filter/${filter}`,
        {
          token: tokens[who],
        },
      )
      return (page.json().result as { recordId: number }[]).some((r) => r.recordId === id)
    }
    expect(await queued('reviewer')).toBe(true)
    const put = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
      token: tokens.reviewer,
      body: body('Oil leak at the drain valve'),
    })
    expect(put.statusCode, put.body).toBe(200)
    const refused = await act(id, 'reviewer', 'review')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('You amended this record; someone else must review or approve it.')
    expect(await stateOf(id)).toBe('submitted')
    expect(await queued('reviewer')).toBe(false)
    const review = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens.reviewer,
    })
    expect(review.json().actions).toEqual([])
    // Someone else still can.
    expect((await act(id, 'admin', 'review')).statusCode).toBe(200)
  })

  it('a verdict the rejudge corrects after approval sends the record back to review', async () => {
    const { recordId, productId } = await submit({ serial: 'NWT:275' })
    await act(recordId, 'reviewer', 'review')
    expect((await act(recordId, 'approver', 'approve')).json().state).toBe('approved')
    expect((await productOf(productId)).currentStatus).toBe('pass')
    // A failing value stored as Pass behind the server's back (an old build), then corrected.
    const [row] = await db().select().from(records).where(eq(records.id, recordId))
    await db()
      .update(records)
      .set({ data: { ...row.data, ratio: { value: 7, passOrFail: 'Pass' } } })
      .where(eq(records.id, recordId))
    const report = await rejudgeRecords(db(), { apply: true, actor: { username: 'rejudge', view: 'cli' } })
    expect(report.findings.map((f) => f.recordId)).toContain(recordId)

    const review = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}/review`, {
      token: tokens.approver,
    })
    expect(review.json()).toMatchObject({ state: 'submitted', revision: 2 })
    expect(review.json().transitions.at(-1)).toMatchObject({
      from: 'approved',
      to: 'submitted',
      by: null,
      revision: 2,
      comment: "The server's judge corrected the verdict from pass to fail; review it again.",
    })
    // It no longer counts for its product until it is reviewed and approved again.
    expect((await productOf(productId)).currentStatus).toBeNull()
  })

  it('concurrent approve and reject: one wins, the other gets a clear conflict', async () => {
    const { recordId } = await submit()
    await act(recordId, 'reviewer', 'review')
    const results = await Promise.all([
      act(recordId, 'approver', 'approve'),
      act(recordId, 'admin', 'reject', 'Wrong ratio'),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const lost = results.find((r) => r.statusCode === 409)!
    const won = results.find((r) => r.statusCode === 200)!
    expect([
      'Someone else changed this record first; reload it to see its state.',
      `This record is ${won.json().state}; it cannot be ${lost === results[0] ? 'approved' : 'rejected'} now.`,
    ]).toContain(lost.json().message)
    expect(await stateOf(recordId)).toBe(won.json().state)
    const review = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}/review`, {
      token: tokens.admin,
    })
    expect(review.json().transitions).toHaveLength(2)
  })

  it('the re-test chain: each record supersedes the previous of its product and type; listing hides them when asked', async () => {
    const a = await submit({ serial: 'NWT:270', date: '2026-06-01T00:00:00Z' })
    const c = await submit({ serial: 'NWT:270', date: '2026-06-03T00:00:00Z' })
    // A back-dated record slots in between.
    const b = await submit({ serial: 'NWT:270', date: '2026-06-02T00:00:00Z' })
    const other = await submit({ serial: 'NWT:270', date: '2026-06-04T00:00:00Z', type: fx.types.spotCheck })
    const links = await db()
      .select({ id: records.id, next: records.supersededById })
      .from(records)
      .where(eq(records.productSerialNumber, 'NWT:270'))
    const next = new Map(links.map((l) => [l.id, l.next]))
    expect([
      next.get(a.recordId),
      next.get(b.recordId),
      next.get(c.recordId),
      next.get(other.recordId),
    ]).toEqual([b.recordId, c.recordId, null, null])
    const page = async (filters: object[]) =>
      (
        await server.call(
          'data',
          'GET',
          `/api/InstrumentTestRecord/Records/page/1/size/50/filter/${encodeURIComponent(JSON.stringify({ filters }))}`,
          { as: 'internal' },
        )
      ).json()
    const serialFilter = { field: 'productSerialNumber', value: 'NWT:270' }
    expect((await page([serialFilter])).totalCount).toBe(4)
    const current = await page([serialFilter, { field: 'superseded', value: 'false' }])
    expect(current.result.map((r: { recordId: number }) => r.recordId).sort()).toEqual(
      [c.recordId, other.recordId].sort(),
    )
    expect(current.result[0]).toHaveProperty('reviewState')
    const waiting = await page([serialFilter, { field: 'status', value: ['submitted'] }])
    expect(waiting.totalCount).toBe(4)
    const wrong = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/50/filter/${encodeURIComponent(JSON.stringify({ filters: [{ field: 'status', value: 'lost' }] }))}`,
      { as: 'internal' },
    )
    expect(wrong.statusCode).toBe(400)
  })

  it("'My queue' lists what waits for each user", async () => {
    const { recordId } = await submit({ serial: 'NWT:280' })
    const queue = async (who: string) => {
      const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'queue', value: 'mine' }] }))
      const res = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Records/page/1/size/500/filter/${filter}`,
        {
          token: tokens[who],
        },
      )
      return res.json().result.map((r: { recordId: number }) => r.recordId) as number[]
    }
    expect(await queue('reviewer')).toContain(recordId)
    expect(await queue('approver')).not.toContain(recordId)
    await act(recordId, 'reviewer', 'review')
    expect(await queue('reviewer')).not.toContain(recordId)
    expect(await queue('approver')).toContain(recordId)
    await act(recordId, 'approver', 'reject', 'Missing photo')
    expect(await queue('approver')).not.toContain(recordId)
    expect(await queue('internal')).toContain(recordId)
  })

  it("the certificate says 'DRAFT — not approved' until approval, and review steps are not counted as edits", async () => {
    const { recordId } = await submit({ serial: 'NWT:290' })
    const certificate = async () => {
      const res = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Record/${recordId}/certificate.pdf`,
        { token: tokens.internal },
      )
      expect(res.statusCode).toBe(200)
      return (await pdfText(res.rawPayload)).text
    }
    expect(await certificate()).toContain('DRAFT — not approved')
    expect((await act(recordId, 'reviewer', 'review')).statusCode).toBe(200)
    expect((await act(recordId, 'approver', 'approve')).statusCode).toBe(200)
    const approved = await certificate()
    expect(approved).not.toContain('DRAFT')
    expect(approved).not.toContain('edited')
  })
})

/** The products page filtered to one serial. */
function productsPage(serial: string) {
  const filter = { serialNumbers: [serial] }
  return `/api/assets/page/1/size/10/filter/${encodeURIComponent(JSON.stringify(filter))}`
}
