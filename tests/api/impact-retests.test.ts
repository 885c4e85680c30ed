import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import type { ImpactCase, SuspectRecord, SuspectRecordPage } from '../../schemas/records/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'
import { caseCalibrationType, caseCalls, ok } from './impact-case-fixtures'

/** A Problem Report that names the devices it used, so it can be suspect and is amended in place. */
const PROBLEM: FormLayout = {
  version: 2,
  title: 'Retest problem',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'testEquipment', variable: 'equipment', label: 'Test equipment used' },
    { type: 'multiselect', variable: 'faultItems', label: 'Fault items' },
    { type: 'multiselect', variable: 'repairItems', label: 'Repair items' },
  ],
}

/**
 * Issue #15.3 with #19 (audit s7 D1, D2): a retest is cleared only by a record that counts for the product
 * (review state none or approved) — never by one waiting for review or rejected, and again waiting when
 * its clearing record is amended back into review; a retest of a calibration of another device (no
 * product) is cleared by a later calibration of that device.
 */
describe('retests are cleared by records that count', () => {
  let server: TestServer
  let fx: RecordFixtures
  let calls: ReturnType<typeof caseCalls>
  let problemType: number
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    tokens.reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
    tokens.approver = await server.tokenOf('approver', 'approver-demo')
    tokens.internal = await server.tokenFor('internal')
    // Tests are submitted by the internal user.
    calls = caseCalls(server, fx, await caseCalibrationType(server), { testsAs: 'internal' })
    problemType = await recordType(
      server,
      'Retest Problem',
      'Problem Report',
      'form',
      {
        serialField: 'serial',
        dateOfRecordField: 'date',
        faultItemsField: 'faultItems',
        repairItemsField: 'repairItems',
      },
      PROBLEM,
      [fx.transformer],
    )
  })
  afterAll(() => server.close())

  const enc = (filter: object) => encodeURIComponent(JSON.stringify(filter))

  async function setPolicy(id: number, reviewPolicy: string) {
    const type = ok(
      await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' }),
    ) as { name: string; sensorTypeId: number; units: string }
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${id}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy },
    })
    expect(res.statusCode).toBe(204)
  }

  /** A calibration as found as given (Pass unless said) and as left Pass, with the reference devices used. */
  const calibrate = (serial: string, date: string, reference: number[] = [], found = 'Pass') =>
    calls.calibrate(serial, date, {
      asFound: { value: found },
      asLeft: { value: 'Pass' },
      ...(reference.length ? { reference } : {}),
    })
  /** A Northwind transformer test, submitted by the internal user. */
  const test = (serial: string, date: string, equipment: number[]) => calls.test(serial, date, equipment)

  const problemBody = (serial: string, date: string, equipment: number[], fault = 'Oil leak') => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: problemType,
    data: { serial, date, equipment, faultItems: [fault], repairItems: [] },
  })
  async function problem(serial: string, date: string, equipment: number[]) {
    return (
      ok(
        await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
          token: tokens.internal,
          body: problemBody(serial, date, equipment),
        }),
      ) as { recordId: number }
    ).recordId
  }

  const act = async (id: number, who: string, action: string, comment?: string) =>
    (
      ok(
        await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
          token: tokens[who],
          body: { action, ...(comment !== undefined ? { comment } : {}) },
        }),
      ) as { state: string }
    ).state

  /** The case's answer for one suspect record. */
  const suspect = async (recordId: number): Promise<SuspectRecord> => {
    const page = ok(
      await server.call(
        'itr',
        'GET',
        `/api/ImpactCases/${caseId}/records/page/1/size/100/filter/${enc({})}`,
        { as: 'configurator' },
      ),
    ) as SuspectRecordPage
    return page.result.find((r) => r.recordId === recordId)!
  }
  const retestRequired = async (serial: string) => {
    const page = ok(
      await server.call(
        'meta',
        'GET',
        `/api/assets/page/1/size/10/filter/${enc({ serialNumbers: [serial] })}`,
        { as: 'configurator' },
      ),
    ) as { result: { productSerialNumber: string; retestRequired: boolean }[] }
    return page.result.find((p) => p.productSerialNumber === serial)!.retestRequired
  }

  let device = 0
  let other = 0
  let caseId = 0
  const ids: Record<string, number> = {}

  it('a case with a test, a Problem Report and a calibration of another device, each to retest', async () => {
    device = (await calibrate('EPN-TE:901', '2026-01-05')).testEquipmentId
    other = (await calibrate('EPN-TE:902', '2026-01-05')).testEquipmentId
    ids.test = await test('NWT:901', '2026-02-01T10:00:00Z', [device])
    ids.problem = await problem('NWT:902', '2026-02-02T10:00:00Z', [device])
    // A calibration of another device that used the failing one as its reference: no product.
    ids.calibration = (await calibrate('EPN-TE:903', '2026-02-03', [device])).recordId
    await calibrate('EPN-TE:901', '2026-03-01', [], 'Fail')
    const page = await calls.cases(device)
    caseId = page.result[0].id
    ok(
      await server.call('itr', 'POST', `/api/ImpactCases/${caseId}/dispositions`, {
        as: 'configurator',
        body: { recordIds: [ids.test, ids.problem, ids.calibration], disposition: 'retest' },
      }),
    )
    for (const id of [ids.test, ids.problem, ids.calibration])
      expect(await suspect(id)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:901')).toBe(true)
    expect(await retestRequired('NWT:902')).toBe(true)
  })

  it('a retest waiting for review or rejected clears nothing; the approved one does (D1)', async () => {
    await setPolicy(fx.types.test, 'review-and-approve')
    const waiting = await test('NWT:901', '2026-03-10T10:00:00Z', [other])
    expect(await suspect(ids.test)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:901')).toBe(true)
    expect(await act(waiting, 'reviewer', 'reject', 'Readings implausible, redo')).toBe('rejected')
    expect(await suspect(ids.test)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:901')).toBe(true)

    const retest = await test('NWT:901', '2026-03-11T10:00:00Z', [other])
    // Reviewed is not approved yet: it still does not count.
    expect(await act(retest, 'reviewer', 'review')).toBe('reviewed')
    expect(await suspect(ids.test)).toMatchObject({ retestClearedBy: null })
    expect(await retestRequired('NWT:901')).toBe(true)
    expect(await act(retest, 'approver', 'approve')).toBe('approved')
    expect(await suspect(ids.test)).toMatchObject({ state: 'retest', retestClearedBy: retest })
    expect(await retestRequired('NWT:901')).toBe(false)
  })

  it('an approved retest amended in place back into review no longer clears it (D1)', async () => {
    await setPolicy(problemType, 'review')
    const retest = await problem('NWT:902', '2026-03-12T10:00:00Z', [other])
    expect(await suspect(ids.problem)).toMatchObject({ retestClearedBy: null })
    expect(await act(retest, 'reviewer', 'review')).toBe('approved')
    expect(await suspect(ids.problem)).toMatchObject({ retestClearedBy: retest })
    expect(await retestRequired('NWT:902')).toBe(false)

    const amend = (fault: string) =>
      server.call('submission', 'PUT', `/api/InstrumentTest/Record/${retest}`, {
        token: tokens.internal,
        body: problemBody('NWT:902', '2026-03-12T10:00:00Z', [other], fault),
      })
    ok(await amend('Oil leak at drain valve'))
    expect(await suspect(ids.problem)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:902')).toBe(true)
    expect(await act(retest, 'reviewer', 'review')).toBe('approved')
    expect(await suspect(ids.problem)).toMatchObject({ retestClearedBy: retest })
    expect(await retestRequired('NWT:902')).toBe(false)

    // Another approved retest since the decision: amending the first leaves the retest cleared by it.
    const second = await problem('NWT:902', '2026-03-13T10:00:00Z', [other])
    expect(await act(second, 'reviewer', 'review')).toBe('approved')
    expect(await suspect(ids.problem)).toMatchObject({ retestClearedBy: retest })
    ok(await amend('Oil leak at top valve'))
    expect(await suspect(ids.problem)).toMatchObject({ retestClearedBy: second })
    expect(await retestRequired('NWT:902')).toBe(false)
  })

  it('a retest of a calibration of another device is cleared by its next calibration (D2)', async () => {
    // Another device, or the same device calibrated before the suspect record, clears nothing.
    await calibrate('EPN-TE:904', '2026-03-20', [other])
    await calibrate('EPN-TE:903', '2026-01-20', [other])
    expect(await suspect(ids.calibration)).toMatchObject({ state: 'retest', retestClearedBy: null })
    const recalibrated = (await calibrate('EPN-TE:903', '2026-03-21', [other])).recordId
    expect(await suspect(ids.calibration)).toMatchObject({ state: 'retest', retestClearedBy: recalibrated })
    const found = ok(
      await server.call('itr', 'GET', `/api/ImpactCases/${caseId}`, { as: 'configurator' }),
    ) as ImpactCase
    expect(found.counts).toMatchObject({ total: 3, retest: 3 })
  })

  it('a suspect record moved to another product takes its retest along (audit s7b N2)', async () => {
    // Problem Reports are reviewed ('review' since the D1 test): approving one makes it count.
    const moved = await problem('NWT:903', '2026-02-10T10:00:00Z', [device])
    expect(await suspect(moved)).toMatchObject({ state: 'undecided' })
    ok(
      await server.call('itr', 'POST', `/api/ImpactCases/${caseId}/dispositions`, {
        as: 'configurator',
        body: { recordIds: [moved], disposition: 'retest' },
      }),
    )
    // NWT:904 exists with a record dated before the suspect one, which clears nothing.
    await problem('NWT:904', '2026-01-10T10:00:00Z', [other])
    expect(await retestRequired('NWT:903')).toBe(true)
    expect(await retestRequired('NWT:904')).toBe(false)

    const move = async (serial: string, date = '2026-02-10T10:00:00Z') =>
      ok(
        await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${moved}`, {
          token: tokens.internal,
          body: problemBody(serial, date, [device]),
        }),
      )
    const approved = async (serial: string, date: string) => {
      const id = await problem(serial, date, [other])
      expect(await act(id, 'reviewer', 'review')).toBe('approved')
      return id
    }

    await move('NWT:904')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:903')).toBe(false)
    expect(await retestRequired('NWT:904')).toBe(true)

    // A record of the product it left clears nothing; one of the product it belongs to now does.
    const left = await approved('NWT:903', '2026-03-14T10:00:00Z')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:904')).toBe(true)
    const now = await approved('NWT:904', '2026-03-15T10:00:00Z')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: now })
    expect(await retestRequired('NWT:904')).toBe(false)

    // Moved back: its clearing record is of another product now, and the record of NWT:903 that
    // counted since the decision clears it instead.
    await move('NWT:903')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: left })
    expect(await retestRequired('NWT:903')).toBe(false)
    expect(await retestRequired('NWT:904')).toBe(false)

    // To a product without a record since: it waits, on that product only.
    await move('NWT:905')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:905')).toBe(true)
    expect(await retestRequired('NWT:903')).toBe(false)

    // Waiting, moved to a product with a record that qualifies and counted since the decision: cleared.
    await move('NWT:904')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: now })
    expect(await retestRequired('NWT:904')).toBe(false)
    expect(await retestRequired('NWT:905')).toBe(false)

    // Dated after its clearing record, the suspect record waits again.
    await move('NWT:904', '2026-03-20T10:00:00Z')
    expect(await suspect(moved)).toMatchObject({ state: 'retest', retestClearedBy: null })
    expect(await retestRequired('NWT:904')).toBe(true)

    const history = ok(
      await server.call('config', 'GET', `/api/Audit/impactCase/${caseId}`, { as: 'viewAll' }),
    ) as { after: Record<string, unknown> | null }[]
    const changes = history.flatMap((h) => Object.entries(h.after ?? {}))
    for (const by of [now, left])
      expect(changes).toContainEqual([`record ${moved}`, `Retest by configurator (cleared by record ${by})`])
    expect(
      changes.filter(([k, v]) => k === `record ${moved}` && v === 'Retest by configurator'),
    ).toHaveLength(3)
  })
})
