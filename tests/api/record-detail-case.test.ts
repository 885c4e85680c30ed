import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import type { RecordView } from '../../schemas/records/index'
import type { RoleView } from '../../schemas/roles'
import { recordFixtures } from './records-fixtures'
import { caseCalibrationType, caseCalls, ok } from './impact-case-fixtures'

type As = Exclude<RoleView, 'none'>

/**
 * Task reccase: GET Record/{id} names the impact cases a record is suspect in and gives a calibration its
 * outcome (its calibration history row), to every role that may read the record and under the same
 * scope; the audit trail's copy of the record stays as it was. Devices EPN-TE:901 and EPN-TE:902 pass on
 * 10 Jan 2025 and fail as found on 1 Mar (as left Pass): Northwind's NWT:901 used both (two cases),
 * NWT:902 only the first, Contoso's CRM:901 the first; NWT:903 was tested after both, suspect in none.
 */
describe('GET Record/{id}: its impact cases and a calibration outcome', () => {
  let server: TestServer
  let calls: ReturnType<typeof caseCalls>
  const ids: Record<string, number> = {}
  const cases: Record<'first' | 'second', number> = { first: 0, second: 0 }
  const devices = { first: 0 }

  const calibrate = (serial: string, date: string, data: Record<string, unknown>) =>
    calls.calibrate(serial, date, data)
  const test = (supplier: 'northwind' | 'contoso', serial: string, date: string, equipment: number[]) =>
    calls.test(serial, date, equipment, supplier)
  const read = (id: number, as: As) =>
    server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, { as })
  const view = async (id: number, as: As = 'configurator') => ok(await read(id, as)) as RecordView
  const caseOf = async (device: number) => {
    const page = await calls.cases(device)
    expect(page.totalCount).toBe(1)
    return page.result[0].id
  }

  beforeAll(async () => {
    server = await startTestServer()
    const fx = await recordFixtures(server)
    calls = caseCalls(server, fx, await caseCalibrationType(server))
    const pass = { asFound: { value: 'Pass' }, asLeft: { value: 'Pass' } }
    const first = (await calibrate('EPN-TE:901', '2025-01-10', pass)).testEquipmentId
    devices.first = first
    const second = (await calibrate('EPN-TE:902', '2025-01-10', pass)).testEquipmentId
    ids.both = await test('northwind', 'NWT:901', '2025-02-02T10:00:00Z', [first, second])
    ids.firstOnly = await test('northwind', 'NWT:902', '2025-02-03T10:00:00Z', [first])
    ids.contoso = await test('contoso', 'CRM:901', '2025-02-04T10:00:00Z', [first])
    const failed = { asFound: { value: 'Fail' }, asLeft: { value: 'Pass' } }
    ids.failing = (await calibrate('EPN-TE:901', '2025-03-01', failed)).recordId
    await calibrate('EPN-TE:902', '2025-03-01', failed)
    ids.skipped = (await calibrate('EPN-TE:903', '2025-03-02', { skip: true })).recordId
    ids.clean = await test('northwind', 'NWT:903', '2025-03-05T10:00:00Z', [first])
    cases.first = await caseOf(first)
    cases.second = await caseOf(second)
    // The first case decides NWT:902 (retest); NWT:901 stays undecided in both.
    ok(
      await server.call('itr', 'POST', `/api/ImpactCases/${cases.first}/dispositions`, {
        as: 'configurator',
        body: { recordIds: [ids.firstOnly], disposition: 'retest' },
      }),
    )
  })
  afterAll(() => server.close())

  it('names every case a suspect record is in, with its status and the record’s state in it', async () => {
    const both = await view(ids.both)
    expect(both.suspect).toBe('undecided')
    const open = { kind: 'failedCalibration', status: 'open', clearedBy: null }
    expect(both.impactCases).toEqual([
      { id: cases.first, ...open, state: 'undecided' },
      { id: cases.second, ...open, state: 'undecided' },
    ])
    expect(both.calibrationOutcome).toBeNull()
    const decided = await view(ids.firstOnly, 'internal')
    expect(decided.suspect).toBe('retest')
    expect(decided.impactCases).toEqual([{ id: cases.first, ...open, state: 'retest' }])
  })

  // Walk s13: a cleared retest or recall still read as pending on the record page, and the failing
  // calibration said nothing of the case it opened.
  it('names the newer record that cleared a retest, and the case a failing calibration opened', async () => {
    // After the failing calibration, with the device it recalibrated (as left Pass): suspect in nothing.
    const retest = await test('northwind', 'NWT:902', '2025-03-06T10:00:00Z', [devices.first])
    expect((await view(ids.firstOnly, 'internal')).impactCases).toEqual([
      { id: cases.first, kind: 'failedCalibration', status: 'open', state: 'retest', clearedBy: retest },
    ])
    expect((await view(ids.failing, 'internal')).openedImpactCase).toBe(cases.first)
    expect((await view(ids.skipped)).openedImpactCase).toBeNull()
    expect((await view(ids.both)).openedImpactCase).toBeNull()
  })

  it('answers no case and no outcome for a test record in none', async () => {
    const clean = await view(ids.clean)
    expect(clean.suspect).toBeNull()
    expect(clean.impactCases).toEqual([])
    expect(clean.calibrationOutcome).toBeNull()
  })

  it("gives a calibration its history row as its outcome, to an internal user too (who can't read the history)", async () => {
    for (const as of ['configurator', 'internal'] as const) {
      const failing = await view(ids.failing, as)
      expect(failing.category).toBe('calibration')
      expect(failing.calibrationOutcome).toEqual({ skipped: false, asFound: 'fail', asLeft: 'pass' })
      // The calibration that opened the case is not suspect in it.
      expect(failing.impactCases).toEqual([])
      expect((await view(ids.skipped, as)).calibrationOutcome).toEqual({
        skipped: true,
        asFound: '-',
        asLeft: '-',
      })
    }
    const history = await server.call(
      'itr',
      'GET',
      `/api/testEquipment/${(await view(ids.failing)).testEquipmentId}/calibrations`,
      {
        as: 'internal',
      },
    )
    expect(history.statusCode).toBe(403)
  })

  it("shows a supplier their own suspect record's case", async () => {
    const own = await view(ids.both, 'supplier')
    expect(own.supplierName).toBe('Northwind Transformers')
    expect(own.impactCases.map((c) => c.id)).toEqual([cases.first, cases.second])
  })

  it("answers a supplier 404 for another supplier's suspect record, and for a calibration, saying nothing of them", async () => {
    const missing = await read(999_999, 'supplier')
    expect(missing.statusCode).toBe(404)
    for (const id of [ids.contoso, ids.failing]) {
      const res = await read(id, 'supplier')
      expect(res.statusCode).toBe(404)
      // The same answer as for a record that does not exist, but for the id it names.
      expect(res.body).toBe(missing.body.replaceAll('999999', String(id)))
      expect(res.body).not.toContain('impactCases')
      expect(res.body).not.toContain('calibrationOutcome')
    }
  })

  it("keeps the cases and the outcome out of the record's audit trail", async () => {
    for (const id of [ids.both, ids.failing]) {
      const history = ok(
        await server.call('config', 'GET', `/api/Audit/record/${id}`, { as: 'configurator' }),
      ) as { action: string; after: Record<string, unknown> | null }[]
      const created = history.find((h) => h.action === 'create')!
      expect(created.after).toMatchObject({ recordId: id })
      expect(Object.keys(created.after!)).not.toContain('impactCases')
      expect(Object.keys(created.after!)).not.toContain('calibrationOutcome')
    }
  })
})
