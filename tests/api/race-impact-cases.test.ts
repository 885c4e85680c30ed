import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse as InjectResponse } from 'fastify'
import { CONCURRENT_WRITE } from '../../server/plugins/errors'
import { startTestServer, type TestServer } from '../support/api'
import { lockWaiters, secondClient } from '../support/held-open'
import type { FormLayout } from '../../schemas/form-layout/index'
import {
  IMPACT_MESSAGES,
  type ImpactCase,
  type ImpactCasePage,
  type SuspectRecordPage,
} from '../../schemas/records/index'
import { calibrationRecordType, recordFixtures, type RecordFixtures } from './records-fixtures'

const url = process.env.TEST_DATABASE_URL

/** A calibration layout with the device as found and as left (as tests/api/impact-cases.test.ts). */
const CALIBRATION: FormLayout = {
  version: 2,
  title: 'Race impact calibration',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'singletext', variable: 'description', label: 'Description' },
    { type: 'dropdown', variable: 'house', label: 'House' },
    { type: 'timespan', variable: 'frequency', label: 'Frequency', unit: 'months' },
    { type: 'testField', testType: 'passFail', variable: 'asFound', label: 'As found' },
    { type: 'testField', testType: 'passFail', variable: 'asLeft', label: 'As left' },
    { type: 'testEquipment', variable: 'reference', label: 'Reference standard' },
  ],
}

type Result = 'Pass' | 'Fail'

/**
 * Impact cases written at once on PostgreSQL (issue #15.3 × audit s8d/s9): a close racing a record that
 * joins the case, a disposition racing a close, two failing calibrations and two lapsed cases of one
 * device. Each interleaving is forced: another connection holds a table in SHARE mode, so the first
 * writer stops at its first write of that table with everything before it done and its locks held; the
 * second runs until it answers or waits for a lock; then the table is let go. PostgreSQL only (PGlite has
 * one connection: nothing can race there).
 */
describe('impact cases written concurrently', () => {
  let server: TestServer
  let fx: RecordFixtures
  let other: pg.Client | undefined
  let calibrationType = 0
  let serial = 0

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    other = await secondClient(server.database.db)
    calibrationType = await calibrationRecordType(server, 'Race Impact Calibration', CALIBRATION, {
      asLeftResultField: 'asLeft',
    })
    // Signed in before any table is held: a sign-in is no part of a race.
    await server.tokenFor('configurator')
  })
  afterAll(async () => {
    await other?.end()
    await server.close()
  })

  const ok = (res: InjectResponse) => {
    expect(res.statusCode, res.body).toBe(200)
    return JSON.parse(res.body)
  }
  const enc = (filter: object) => encodeURIComponent(JSON.stringify(filter))
  const itr = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    server.call('itr', method, path, { as: 'configurator', body })

  const calibrateCall = (
    device: string,
    date: string,
    found: Result,
    left: Result,
    frequency = 'P12M',
    reference: number[] = [],
  ) =>
    server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: calibrationType,
        data: {
          serial: device,
          date,
          house: fx.calibrator,
          frequency,
          description: `Race meter ${device}`,
          asFound: { value: found },
          asLeft: { value: left },
          ...(reference.length ? { reference } : {}),
        },
      },
    })
  const calibrate = async (device: string, date: string, found: Result, left: Result, frequency?: string) =>
    ok(await calibrateCall(device, date, found, left, frequency)) as {
      recordId: number
      testEquipmentId: number
    }
  const testCall = (date: string, equipment: number[]) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'configurator',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial: `NWT:${4900 + ++serial}`,
          testDate: date,
          equipment,
          ratio: { value: 0.5 },
        },
      },
    })
  const test = async (date: string, equipment: number[]) =>
    (ok(await testCall(date, equipment)) as { recordId: number }).recordId

  const casesOf = async (device: number) =>
    (
      ok(
        await itr(
          'GET',
          `/api/ImpactCases/page/1/size/20/filter/${enc({ testEquipmentId: device, sortDirection: 'asc' })}`,
        ),
      ) as ImpactCasePage
    ).result
  const caseOf = async (id: number) => ok(await itr('GET', `/api/ImpactCases/${id}`)) as ImpactCase
  const suspects = async (id: number) =>
    (
      ok(
        await itr('GET', `/api/ImpactCases/${id}/records/page/1/size/100/filter/${enc({})}`),
      ) as SuspectRecordPage
    ).result
  const decide = (id: number, recordIds: number[], disposition: 'accept' | 'retest' | 'recall') =>
    itr('POST', `/api/ImpactCases/${id}/dispositions`, {
      recordIds,
      disposition,
      ...(disposition === 'accept' ? { reason: 'Within limits' } : {}),
    })
  const close = (id: number) => itr('POST', `/api/ImpactCases/${id}/close`)

  /** Resolves once `n` backends of this database wait for a lock; fails after 5 s. */
  async function waiters(n: number) {
    for (let waited = 0; waited < 5000; waited += 20) {
      if ((await lockWaiters(server.database.db)) >= n) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`fewer than ${n} requests ever waited for a lock`)
  }

  /**
   * Runs `first` until it stops at its first write of `table` (held in SHARE mode by another connection),
   * then `second` until it answers or waits for a lock; then lets `table` go. Answers both responses.
   */
  async function interleaved(
    table: string,
    first: () => Promise<InjectResponse>,
    second: () => Promise<InjectResponse>,
  ): Promise<[InjectResponse, InjectResponse]> {
    await other!.query('BEGIN')
    await other!.query(`LOCK TABLE ${table} IN SHARE MODE`)
    try {
      const one = first()
      await waiters(1)
      let answered = false
      const two = second().finally(() => (answered = true))
      for (
        let waited = 0;
        !answered && (await lockWaiters(server.database.db)) < 2 && waited < 5000;
        waited += 20
      )
        await new Promise((resolve) => setTimeout(resolve, 20))
      await other!.query('COMMIT')
      return [await one, await two]
    } catch (error) {
      await other!.query('ROLLBACK')
      throw error
    }
  }

  /** A device with a failed-calibration case (window 2025-01-10..2025-03-10) whose one record is accepted. */
  async function decidedCase(device: string) {
    const { testEquipmentId } = await calibrate(device, '2025-01-10', 'Pass', 'Pass')
    const first = await test('2025-02-01T10:00:00Z', [testEquipmentId])
    await calibrate(device, '2025-03-10', 'Fail', 'Pass')
    const [found] = await casesOf(testEquipmentId)
    expect(found).toMatchObject({ kind: 'failedCalibration', status: 'open', counts: { total: 1 } })
    ok(await decide(found.id, [first], 'accept'))
    return { device: testEquipmentId, caseId: found.id, first }
  }

  /** A closed case has no undecided record, and the record `joined` is in the case. */
  async function expectConsistent(caseId: number, joined: number) {
    const c = await caseOf(caseId)
    const rows = await suspects(caseId)
    expect(rows.map((r) => r.recordId)).toContain(joined)
    if (c.status === 'closed') expect(c.counts.undecided, 'a closed case with an undecided record').toBe(0)
    return c
  }

  // Question 1: a close racing a record that joins the case.

  it.skipIf(!url)('a close while a joining record has read the case open but not yet joined it', async () => {
    const { device, caseId } = await decidedCase('EPN-TE:911')
    let joined = 0
    const [submitted, closed] = await interleaved(
      'impact_case_records',
      () => testCall('2025-02-15T10:00:00Z', [device]),
      () => close(caseId),
    )
    joined = (ok(submitted) as { recordId: number }).recordId
    expect(closed.statusCode, closed.body).toBe(200)
    const c = await expectConsistent(caseId, joined)
    // The close came first: the late record opens the case again, undecided.
    expect(c).toMatchObject({ status: 'open', counts: { undecided: 1 } })
  })

  it.skipIf(!url)('a joining record while a close has changed the case but not committed', async () => {
    const { device, caseId } = await decidedCase('EPN-TE:912')
    const [closed, submitted] = await interleaved(
      'audit_log',
      () => close(caseId),
      () => testCall('2025-02-15T10:00:00Z', [device]),
    )
    expect(closed.statusCode, closed.body).toBe(200)
    const joined = (ok(submitted) as { recordId: number }).recordId
    const c = await expectConsistent(caseId, joined)
    expect(c).toMatchObject({ status: 'open', counts: { undecided: 1 } })
  })

  it.skipIf(!url)('a close while a joining record has joined the case but not committed', async () => {
    const { device, caseId } = await decidedCase('EPN-TE:913')
    const [submitted, closed] = await interleaved(
      'audit_log',
      () => testCall('2025-02-15T10:00:00Z', [device]),
      () => close(caseId),
    )
    const joined = (ok(submitted) as { recordId: number }).recordId
    const c = await expectConsistent(caseId, joined)
    // The record joined first: the close sees it undecided and is refused.
    expect(closed.statusCode, closed.body).toBe(409)
    expect(c).toMatchObject({ status: 'open', counts: { undecided: 1 } })
  })

  // Question 2: a disposition racing a close (both through the audit wrapper's lock on the case).

  it.skipIf(!url)(
    'a disposition queued behind a close is refused; the dispositions stay as closed',
    async () => {
      const { caseId, first } = await decidedCase('EPN-TE:921')
      const [closed, decided] = await interleaved(
        'audit_log',
        () => close(caseId),
        () => decide(caseId, [first], 'recall'),
      )
      expect(closed.statusCode, closed.body).toBe(200)
      expect(decided.statusCode, decided.body).toBe(409)
      expect(await caseOf(caseId)).toMatchObject({ status: 'closed', counts: { accept: 1, recall: 0 } })
    },
  )

  it.skipIf(!url)('a close queued behind a disposition closes with that disposition', async () => {
    const { caseId, first } = await decidedCase('EPN-TE:922')
    const [decided, closed] = await interleaved(
      'audit_log',
      () => decide(caseId, [first], 'recall'),
      () => close(caseId),
    )
    expect(decided.statusCode, decided.body).toBe(200)
    expect(closed.statusCode, closed.body).toBe(200)
    expect(await caseOf(caseId)).toMatchObject({ status: 'closed', counts: { accept: 0, recall: 1 } })
  })

  // Question 3: cases opened at once for one device.

  it.skipIf(!url)(
    'two as-found Fail calibrations of one device: one case each, windows as if one after the other',
    async () => {
      const { testEquipmentId: device } = await calibrate('EPN-TE:931', '2025-01-10', 'Pass', 'Pass')
      const early = await test('2025-02-01T10:00:00Z', [device])
      const late = await test('2025-04-01T10:00:00Z', [device])
      const [one, two] = await interleaved(
        'audit_log',
        () => calibrateCall('EPN-TE:931', '2025-03-10', 'Fail', 'Pass'),
        () => calibrateCall('EPN-TE:931', '2025-05-10', 'Fail', 'Pass'),
      )
      const first = (ok(one) as { recordId: number }).recordId
      const second = (ok(two) as { recordId: number }).recordId
      const cases = await casesOf(device)
      expect(cases.map((c) => c.calibrationRecordId).sort()).toEqual([first, second].sort())
      const byCalibration = new Map(cases.map((c) => [c.calibrationRecordId, c]))
      expect(byCalibration.get(first)!.windowStart).toBe('2025-01-10T00:00:00.000Z')
      // The first calibration left the device in tolerance: the second's window starts there.
      expect(byCalibration.get(second)!.windowStart).toBe('2025-03-10T00:00:00.000Z')
      expect((await suspects(byCalibration.get(first)!.id)).map((r) => r.recordId)).toEqual([early])
      expect((await suspects(byCalibration.get(second)!.id)).map((r) => r.recordId)).toEqual([late])
    },
  )

  it.skipIf(!url)(
    'two lapsed cases opened at once for one device: one opens, the other is refused',
    async () => {
      const { testEquipmentId: device } = await calibrate('EPN-TE:932', '2025-01-01', 'Pass', 'Pass', 'P6M')
      await test('2025-08-01T10:00:00Z', [device])
      const open = () => itr('POST', '/api/ImpactCases', { testEquipmentId: device })
      const answers = await interleaved('audit_log', open, open)
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
      const lapsed = (await casesOf(device)).filter((c) => c.kind === 'lapsed' && c.status === 'open')
      expect(lapsed).toHaveLength(1)
    },
  )

  it.skipIf(!url)('an as-found Fail while a lapsed case is being opened: one case of each kind', async () => {
    const { testEquipmentId: device } = await calibrate('EPN-TE:933', '2025-01-01', 'Pass', 'Pass', 'P6M')
    const used = await test('2025-08-01T10:00:00Z', [device])
    const [opened, failed] = await interleaved(
      'audit_log',
      () => itr('POST', '/api/ImpactCases', { testEquipmentId: device }),
      () => calibrateCall('EPN-TE:933', '2025-09-01', 'Fail', 'Pass'),
    )
    expect(opened.statusCode, opened.body).toBe(200)
    const calibration = (ok(failed) as { recordId: number }).recordId
    const cases = await casesOf(device)
    expect(cases.map((c) => c.kind).sort()).toEqual(['failedCalibration', 'lapsed'])
    for (const c of cases) expect((await suspects(c.id)).map((r) => r.recordId)).toEqual([used])
    expect(cases.find((c) => c.kind === 'failedCalibration')!.calibrationRecordId).toBe(calibration)
  })

  // Beside the questions: a record stored while the case of its window is being opened. Neither
  // transaction saw the other's uncommitted rows (the case; the record and its device link), so the record
  // joined no case; the case opener now locks the device row FOR UPDATE, which the record's link (KEY
  // SHARE) waits for, and the record then finds the committed case (assessment.ts openFailedCalibration).
  it.skipIf(!url)(
    'a record not yet committed when the case of its window is opened is in the case',
    async () => {
      const { testEquipmentId: device } = await calibrate('EPN-TE:942', '2025-01-10', 'Pass', 'Pass')
      // The record is stopped at its audit row (its device link written, not committed); the failing
      // calibration then waits for it at the device row and reads it into the window.
      const [submitted, failed] = await interleaved(
        'audit_log',
        () => testCall('2025-02-01T10:00:00Z', [device]),
        () => calibrateCall('EPN-TE:942', '2025-03-10', 'Fail', 'Pass'),
      )
      const joined = (ok(submitted) as { recordId: number }).recordId
      ok(failed)
      const [found] = await casesOf(device)
      expect((await suspects(found.id)).map((r) => r.recordId)).toEqual([joined])
    },
  )

  it.skipIf(!url)(
    'two failing calibrations that reference each other at once: one is stored, the other is 409 and stores nothing',
    async () => {
      const { testEquipmentId: a } = await calibrate('EPN-TE:943', '2025-01-10', 'Pass', 'Pass')
      const { testEquipmentId: b } = await calibrate('EPN-TE:944', '2025-01-10', 'Pass', 'Pass')
      // The calibration records of the two devices on the day of the failing calibrations.
      const records = async () =>
        Number(
          (
            await other!.query(
              'SELECT count(*)::int AS n FROM records WHERE test_equipment_id = ANY($1) AND record_date = $2',
              [[a, b], '2025-03-10'],
            )
          ).rows[0].n,
        )
      // Each holds a link to the other's device when it opens its own case (the device row FOR UPDATE):
      // the database breaks the cycle by failing one, which is told to send it again.
      const answers = await interleaved(
        'calibration_history',
        () => calibrateCall('EPN-TE:943', '2025-03-10', 'Fail', 'Pass', 'P12M', [b]),
        () => calibrateCall('EPN-TE:944', '2025-03-10', 'Fail', 'Pass', 'P12M', [a]),
      )
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
      const refused = answers.find((r) => r.statusCode === 409)!
      expect(refused.json().message).toBe(CONCURRENT_WRITE)
      expect(await records()).toBe(1)
    },
  )

  it.skipIf(!url)(
    'a failing calibration waits a few seconds at most for records still being saved with its device (audit s10 C3)',
    async () => {
      const { testEquipmentId: device } = await calibrate('EPN-TE:945', '2025-01-10', 'Pass', 'Pass')
      // A record upload using the device holds its link (KEY SHARE on the device) until it commits.
      await other!.query('BEGIN')
      await other!.query('SELECT 1 FROM test_equipment WHERE id = $1 FOR KEY SHARE', [device])
      let answer: InjectResponse
      try {
        answer = await calibrateCall('EPN-TE:945', '2025-03-10', 'Fail', 'Pass')
      } finally {
        await other!.query('COMMIT')
      }
      expect(answer.statusCode, answer.body).toBe(409)
      expect(answer.json().message).toBe(IMPACT_MESSAGES.deviceBusy)
      expect(await casesOf(device)).toEqual([])
      // Sent again once the records are saved, it is stored and opens its case.
      ok(await calibrateCall('EPN-TE:945', '2025-03-10', 'Fail', 'Pass'))
      expect(await casesOf(device)).toHaveLength(1)
    },
    30_000,
  )

  it.skipIf(!url)('a record dated in the window of a case being opened joins it', async () => {
    const { testEquipmentId: device } = await calibrate('EPN-TE:941', '2025-01-10', 'Pass', 'Pass')
    const [failed, submitted] = await interleaved(
      'audit_log',
      () => calibrateCall('EPN-TE:941', '2025-03-10', 'Fail', 'Pass'),
      () => testCall('2025-02-01T10:00:00Z', [device]),
    )
    ok(failed)
    const joined = (ok(submitted) as { recordId: number }).recordId
    const [found] = await casesOf(device)
    expect((await suspects(found.id)).map((r) => r.recordId)).toEqual([joined])
  })
})
