import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../support/api'
import type {
  CalibrationHistoryItem,
  EquipmentUsagePage,
  ImpactCase,
  RecordDetail,
  SuspectRecordPage,
} from '../../schemas/records/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'
import { caseCalibrationType, caseCalls, ok } from './impact-case-fixtures'
import { eq } from 'drizzle-orm'
import { dataPointTypes } from '../../server/db/schema/index'

type Result = 'Pass' | 'Fail'
const M = {
  forbidden: 'Only a configurator or admin can decide on suspect records or act on an impact case.',
}

describe('impact cases: suspect records after an as-found Fail (issue #15.3)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let calls: ReturnType<typeof caseCalls>
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    calls = caseCalls(server, fx, await caseCalibrationType(server))
  })
  afterAll(() => server.close())

  /** A calibration found and left as given (either may be left out), with any other data. */
  const calibrate = (
    serial: string,
    date: string,
    found?: Result,
    left?: Result,
    extra: Record<string, unknown> = {},
  ) =>
    calls.calibrate(serial, date, {
      ...(found ? { asFound: { value: found } } : {}),
      ...(left ? { asLeft: { value: left } } : {}),
      ...extra,
    })
  /** A Northwind transformer record, of the fixture test type unless another is given. */
  const test = (serial: string, date: string, equipment: number[], typeId?: number) =>
    calls.test(serial, date, equipment, 'northwind', typeId)

  const itr = (
    method: 'GET' | 'POST',
    path: string,
    as: 'configurator' | 'viewAll' | 'internal' | 'supplier' = 'configurator',
    body?: unknown,
  ) => server.call('itr', method, path, { as, body })
  const enc = (filter: object) => encodeURIComponent(JSON.stringify(filter))
  const caseOf = async (id: number) => ok(await itr('GET', `/api/ImpactCases/${id}`)) as ImpactCase
  const suspects = async (id: number, filter: object = {}) =>
    (
      ok(
        await itr('GET', `/api/ImpactCases/${id}/records/page/1/size/100/filter/${enc(filter)}`),
      ) as SuspectRecordPage
    ).result
  const decide = (
    id: number,
    body: object,
    as: 'configurator' | 'internal' | 'supplier' | 'viewAll' = 'configurator',
  ) => itr('POST', `/api/ImpactCases/${id}/dispositions`, as, body)
  const retestRequired = async (serial: string) => {
    const page = ok(
      await server.call(
        'meta',
        'GET',
        `/api/assets/page/1/size/10/filter/${enc({ serialNumbers: [serial] })}`,
        {
          as: 'configurator',
        },
      ),
    ) as { result: { productSerialNumber: string; retestRequired: boolean }[] }
    return page.result.find((p) => p.productSerialNumber === serial)!.retestRequired
  }

  let device = 0
  let other = 0
  let failing = 0
  let caseId = 0
  const ids: Record<string, number> = {}

  it('an as-found Fail opens a case listing exactly the records since the last passing calibration', async () => {
    device = (await calibrate('EPN-TE:801', '2025-01-10', 'Pass', 'Pass')).testEquipmentId
    other = (await calibrate('EPN-TE:802', '2025-01-10', 'Pass', 'Pass')).testEquipmentId
    ids.before = await test('NWT:801', '2025-01-20T09:00:00Z', [device])
    const passing = await calibrate('EPN-TE:801', '2025-03-01', 'Pass', 'Pass')
    // The day of the last passing calibration is in (a record that day may be after it), the day before not.
    ids.dayBefore = await test('NWT:802', '2025-02-28T16:00:00Z', [device])
    ids.sameDay = await test('NWT:803', '2025-03-01T15:00:00Z', [device])
    ids.may = await test('NWT:804', '2025-05-05T10:00:00Z', [device, other])
    ids.otherOnly = await test('NWT:805', '2025-05-06T10:00:00Z', [other])
    ids.august = await test('NWT:806', '2025-08-08T10:00:00Z', [device])
    // A calibration of another device that used this one as its reference is a result of it too.
    ids.reference = (
      await calibrate('EPN-TE:803', '2025-06-06', 'Pass', 'Pass', { reference: [device] })
    ).recordId
    ids.after = await test('NWT:807', '2025-10-02T08:00:00Z', [device])
    const found = await calibrate('EPN-TE:801', '2025-10-01', 'Fail', 'Pass')
    failing = found.recordId

    const page = await calls.cases(device)
    expect(page.totalCount).toBe(1)
    const opened = page.result[0]
    caseId = opened.id
    expect(opened).toMatchObject({
      kind: 'failedCalibration',
      status: 'open',
      testEquipmentId: device,
      testEquipmentSerial: 'EPN-TE:801',
      calibrationRecordId: failing,
      lastPassingRecordId: passing.recordId,
      windowStart: '2025-03-01T00:00:00.000Z',
      windowEnd: '2025-10-01T00:00:00.000Z',
      openedByName: 'configurator',
      counts: { total: 4, undecided: 4, accept: 0, retest: 0, recall: 0 },
    })
    const listed = await suspects(caseId)
    expect(listed.map((r) => r.recordId)).toEqual([ids.sameDay, ids.may, ids.reference, ids.august])
    expect(listed[1]).toMatchObject({
      productSerialNumber: 'NWT:804',
      productTypeName: expect.any(String),
      recordTypeName: 'Fixture Test',
      supplierName: 'Northwind Transformers',
      recordDate: '2025-05-05T10:00:00.000Z',
      testResult: 'pass',
      state: 'undecided',
      decidedByName: null,
    })
  })

  it('the device history has every calibration with as found and as left, and the case it opened', async () => {
    const history = ok(
      await itr('GET', `/api/testEquipment/${device}/calibrations`),
    ) as CalibrationHistoryItem[]
    expect(history.map((h) => [h.calibrationDate.slice(0, 10), h.asFound, h.asLeft, h.impactCaseId])).toEqual(
      [
        ['2025-10-01', 'fail', 'pass', caseId],
        ['2025-03-01', 'pass', 'pass', null],
        ['2025-01-10', 'pass', 'pass', null],
      ],
    )
    expect(history[0]).toMatchObject({ calibratorName: fx.calibrator, skipped: false })
  })

  it('the records list marks suspect records and filters them', async () => {
    const filter = (f: object) =>
      `/api/InstrumentTestRecord/Records/page/1/size/50/filter/${enc({ filters: [f], sortField: 'recordId', sortDirection: 'asc' })}`
    const all = ok(
      await server.call('data', 'GET', filter({ field: 'suspect', value: 'true' }), { as: 'viewAll' }),
    ) as { totalCount: number; result: { recordId: number; suspect: string }[] }
    expect(all.result.map((r) => r.recordId)).toEqual(
      [ids.sameDay, ids.may, ids.reference, ids.august].sort((a, b) => a - b),
    )
    expect(all.result.every((r) => r.suspect === 'undecided')).toBe(true)
    const record = ok(
      await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${ids.before}`, { as: 'viewAll' }),
    ) as RecordDetail
    expect(record.suspect).toBeNull()
    const bad = await server.call('data', 'GET', filter({ field: 'suspect', value: 'maybe' }), {
      as: 'viewAll',
    })
    expect(bad.statusCode).toBe(400)
    // A state named twice, in any case, is that state.
    const twice = await server.call(
      'data',
      'GET',
      filter({ field: 'suspect', value: ['undecided', 'UNDECIDED'] }),
      { as: 'viewAll' },
    )
    expect((ok(twice) as { totalCount: number }).totalCount).toBe(all.totalCount)
  })

  it('a record dated inside the window and entered later joins the case, suspect at use', async () => {
    ids.late = await test('NWT:808', '2025-09-09T10:00:00Z', [device])
    expect((await caseOf(caseId)).counts).toMatchObject({ total: 5, undecided: 5 })
    const record = ok(
      await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${ids.late}`, { as: 'viewAll' }),
    ) as RecordDetail
    expect(record.testEquipmentUsed![0]).toMatchObject({ status: 'suspect' })
    expect(record.suspect).toBe('undecided')
  })

  it('refuses dispositions and case actions to internal and supplier users, with a message', async () => {
    for (const as of ['internal', 'supplier'] as const) {
      const res = await decide(caseId, { recordIds: [ids.may], disposition: 'recall' }, as)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(M.forbidden)
      const close = await itr('POST', `/api/ImpactCases/${caseId}/close`, as)
      expect(close.statusCode).toBe(403)
      expect(close.json().message).toBe(M.forbidden)
      const open = await itr('POST', '/api/ImpactCases', as, { testEquipmentId: device })
      expect(open.statusCode).toBe(403)
      expect(open.json().message).toBe(M.forbidden)
      expect((await itr('GET', `/api/ImpactCases/${caseId}`, as)).statusCode).toBe(403)
    }
    expect((await caseOf(caseId)).counts.undecided).toBe(5)
  })

  it('refuses a disposition on a record outside the case, and accept without a reason; nothing changes', async () => {
    const outside = await decide(caseId, { recordIds: [ids.may, ids.before], disposition: 'recall' })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().message).toBe(
      `Record ${ids.before} is not a suspect record of impact case ${caseId}.`,
    )
    const reasonless = await decide(caseId, { recordIds: [ids.may], disposition: 'accept', reason: '  ' })
    expect(reasonless.statusCode).toBe(400)
    expect(reasonless.json().message).toBe('Accepting a suspect record needs a reason.')
    expect((await caseOf(caseId)).counts.undecided).toBe(5)
  })

  it('refuses to close a case with undecided records', async () => {
    const res = await itr('POST', `/api/ImpactCases/${caseId}/close`)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      `Impact case ${caseId} cannot be closed: 5 suspect records have no disposition yet.`,
    )
  })

  it('each disposition is stored with who and when; retest flags the product until a new record clears it', async () => {
    const accepted = ok(
      await decide(caseId, {
        recordIds: [ids.sameDay, ids.late],
        disposition: 'accept',
        reason: 'Readings 10× inside the limits; drift cannot change the verdict.',
      }),
    ) as ImpactCase
    expect(accepted.counts).toMatchObject({ accept: 2, undecided: 3 })
    ok(await decide(caseId, { recordIds: [ids.may], disposition: 'retest' }, 'viewAll'))
    ok(await decide(caseId, { recordIds: [ids.august, ids.reference], disposition: 'recall' }))
    const listed = Object.fromEntries((await suspects(caseId)).map((r) => [r.recordId, r]))
    expect(listed[ids.sameDay]).toMatchObject({
      state: 'accept',
      reason: 'Readings 10× inside the limits; drift cannot change the verdict.',
      decidedByName: 'configurator',
    })
    expect(Date.now() - Date.parse(listed[ids.sameDay].decidedAt!)).toBeLessThan(60_000)
    expect(listed[ids.may]).toMatchObject({ state: 'retest', decidedByName: 'admin', retestClearedBy: null })
    expect(listed[ids.august]).toMatchObject({ state: 'recall' })
    expect((await caseOf(caseId)).counts).toEqual({ total: 5, undecided: 0, accept: 2, retest: 1, recall: 2 })

    expect(await retestRequired('NWT:804')).toBe(true)
    expect(await retestRequired('NWT:806')).toBe(false)
    // Another record type for the product is no retest of it.
    await test('NWT:804', '2025-11-01T10:00:00Z', [other], fx.types.spotCheck)
    expect(await retestRequired('NWT:804')).toBe(true)
    ids.retest = await test('NWT:804', '2025-11-02T10:00:00Z', [other])
    expect(await retestRequired('NWT:804')).toBe(false)
    expect((await suspects(caseId, { state: 'retest' }))[0]).toMatchObject({
      recordId: ids.may,
      retestClearedBy: ids.retest,
    })
  })

  it('closes once every record has a disposition; a closed case refuses changes', async () => {
    const closed = ok(await itr('POST', `/api/ImpactCases/${caseId}/close`)) as ImpactCase
    expect(closed).toMatchObject({ status: 'closed', closedByName: 'configurator' })
    expect((await itr('POST', `/api/ImpactCases/${caseId}/close`)).statusCode).toBe(409)
    const change = await decide(caseId, { recordIds: [ids.may], disposition: 'recall' })
    expect(change.statusCode).toBe(409)
    expect(change.json().message).toBe(
      `Impact case ${caseId} is closed: its dispositions can no longer change.`,
    )
    const open = ok(
      await itr('GET', `/api/ImpactCases/page/1/size/10/filter/${enc({ status: 'open' })}`),
    ) as { result: ImpactCase[] }
    expect(open.result.map((c) => c.id)).not.toContain(caseId)
  })

  it('audits the case: opened, joined, each disposition and the close', async () => {
    const history = ok(
      await server.call('config', 'GET', `/api/Audit/impactCase/${caseId}`, { as: 'viewAll' }),
    ) as { action: string; userName: string; after: Record<string, unknown> }[]
    expect(history[0]).toMatchObject({ action: 'create', userName: 'configurator' })
    expect(history[0].after[`record ${ids.may}`]).toBe('Undecided')
    const changes = history.slice(1).flatMap((h) => Object.entries(h.after ?? {}))
    expect(changes).toContainEqual([`record ${ids.late}`, 'Undecided'])
    expect(changes).toContainEqual([`record ${ids.may}`, 'Retest by admin'])
    expect(changes).toContainEqual([`record ${ids.may}`, `Retest by admin (cleared by record ${ids.retest})`])
    expect(changes).toContainEqual(['status', 'closed'])
    const internal = await server.call('config', 'GET', `/api/Audit/impactCase/${caseId}`, { as: 'internal' })
    expect(internal.statusCode).toBe(403)
  })

  it('exports the case to XLSX for auditors', async () => {
    const res = await itr('GET', `/api/ImpactCases/${caseId}/export.xlsx`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toContain(`impact-case-${caseId}.xlsx`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(
      expect.arrayContaining(['Case', 'Test Equipment', 'Record ID', 'Disposition', 'Reason']),
    )
    expect(sheet.rowCount).toBe(6)
    const column = (name: string) => header.indexOf(name) + 1
    const row = sheet.getRows(2, 5)!.find((r) => r.getCell(column('Record ID')).value === ids.may)!
    expect(row.getCell(column('Disposition')).value).toBe('Retest')
    expect(row.getCell(column('Test Equipment')).value).toBe('EPN-TE:801')
    expect(row.getCell(column('Serial Number')).value).toBe('NWT:804')
  })

  it('the first calibration failing as found makes every earlier use suspect', async () => {
    const fresh = (await calibrate('EPN-TE:804', '2025-01-01', undefined, undefined, { skip: true }))
      .testEquipmentId
    const early = await test('NWT:810', '2025-02-01T10:00:00Z', [fresh])
    await calibrate('EPN-TE:804', '2025-04-01', 'Fail', 'Pass')
    const page = await calls.cases(fresh)
    // 'Calibration not required' is no passing calibration: the window starts at the first use.
    expect(page.result[0]).toMatchObject({ windowStart: null, lastPassingRecordId: null })
    expect((await suspects(page.result[0].id)).map((r) => r.recordId)).toEqual([early])
  })

  it('usage lists the records that used a device by date, and those used after expiry; a lapsed case takes them', async () => {
    const lapsed = (await calibrate('EPN-TE:805', '2025-01-01', 'Pass', 'Pass', { frequency: 'P6M' }))
      .testEquipmentId
    const valid = await test('NWT:811', '2025-06-30T10:00:00Z', [lapsed])
    const expiryDay = await test('NWT:812', '2025-07-01T08:00:00Z', [lapsed])
    const later = await test('NWT:813', '2025-08-01T10:00:00Z', [lapsed])
    const usage = async (filter: object) =>
      (
        ok(
          await itr('GET', `/api/testEquipment/${lapsed}/usage/page/1/size/10/filter/${enc(filter)}`),
        ) as EquipmentUsagePage
      ).result
    expect((await usage({})).map((u) => [u.recordId, u.afterExpiry])).toEqual([
      [later, true],
      [expiryDay, true],
      [valid, false],
    ])
    expect((await usage({ from: '2025-06-30', to: '2025-07-01' })).map((u) => u.recordId)).toEqual([
      expiryDay,
      valid,
    ])
    expect((await usage({ afterExpiry: true })).map((u) => u.recordId)).toEqual([later, expiryDay])
    expect((await usage({}))[0]).toMatchObject({ productSerialNumber: 'NWT:813', statusAtUse: 'expired' })
    expect(
      (await itr('GET', `/api/testEquipment/${lapsed}/usage/page/1/size/10/filter/${enc({ from: 'soon' })}`))
        .statusCode,
    ).toBe(400)

    // No case until someone opens one.
    const none = await calls.cases(lapsed)
    expect(none.totalCount).toBe(0)
    const opened = ok(
      await itr('POST', '/api/ImpactCases', 'viewAll', { testEquipmentId: lapsed }),
    ) as ImpactCase
    expect(opened).toMatchObject({ kind: 'lapsed', status: 'open', counts: { total: 2, undecided: 2 } })
    expect((await suspects(opened.id)).map((r) => r.recordId)).toEqual([expiryDay, later])
    const again = await itr('POST', '/api/ImpactCases', 'viewAll', { testEquipmentId: lapsed })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(
      `An impact case for the lapsed calibration of EPN-TE:805 is already open (case ${opened.id}).`,
    )
    const nothing = await itr('POST', '/api/ImpactCases', 'viewAll', { testEquipmentId: other })
    expect(nothing.statusCode).toBe(400)
  })

  it("the demo calibration's as-found group opens a case only when something measured fails", async () => {
    const [demo] = await server.database.db
      .select({ id: dataPointTypes.id })
      .from(dataPointTypes)
      .where(eq(dataPointTypes.name, 'Test Equipment Calibration'))
    const casesOf = async (id: number) => (await calls.cases(id)).totalCount
    const submit = (date: string, data: Record<string, unknown>) =>
      server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
        as: 'configurator',
        body: {
          deviceOwnerId: fx.owner,
          recordTypeId: demo.id,
          data: {
            serialNumber: 'EPN-TE:806',
            calibrationDate: date,
            description: 'Clamp meter',
            frequency: 'P12M',
            calibrationHouse: fx.calibrator,
            ...data,
          },
        },
      })
    // Nothing measured as found (SPEC §4 would fail the empty group): no case.
    const blank = ok(await submit('2025-02-01', {})) as { testEquipmentId: number }
    expect(await casesOf(blank.testEquipmentId)).toBe(0)
    ok(await submit('2025-05-01', { asFoundError: { value: 0.2 }, asFoundFunction: { value: 'Pass' } }))
    expect(await casesOf(blank.testEquipmentId)).toBe(0)
    ok(await submit('2025-08-01', { asFoundError: { value: 0.7 } }))
    expect(await casesOf(blank.testEquipmentId)).toBe(1)
    const history = ok(
      await itr('GET', `/api/testEquipment/${blank.testEquipmentId}/calibrations`),
    ) as CalibrationHistoryItem[]
    expect(history.map((h) => [h.asFound, h.asLeft])).toEqual([
      ['fail', '-'],
      ['pass', '-'],
      ['-', '-'],
    ])
  })

  it('a device suspect over a date blocks like an expired one under a block policy', async () => {
    const blockType = await recordType(
      server,
      'Impact Block',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate' },
      {
        version: 2,
        title: 'Block',
        controls: [
          { type: 'serial', variable: 'serial', label: 'Serial', required: true },
          { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
          {
            type: 'testEquipment',
            variable: 'equipment',
            label: 'Equipment',
            min: 1,
            calibrationPolicy: 'block',
          },
        ],
      },
      [fx.transformer],
    )
    const submit = (testDate: string) =>
      server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
        as: 'configurator',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: blockType,
          data: { serial: 'NWT:820', testDate, equipment: [device] },
        },
      })
    const inside = await submit('2025-07-07')
    expect(inside.statusCode).toBe(400)
    expect(inside.json().message).toBe(
      'Test equipment EPN-TE:801 cannot be used: it is suspect (found out of tolerance). This record type ' +
        'blocks out-of-calibration test equipment; a configurator or admin must give an override reason.',
    )
    // After the failing calibration the device was adjusted (as left Pass): no longer suspect.
    expect((await submit('2025-10-20')).statusCode).toBe(200)
    const item = ok(await itr('GET', `/api/testEquipment/${device}`)) as { suspectPeriods: unknown }
    // Up to the day before the failing calibration: that one left the device in tolerance.
    expect(item.suspectPeriods).toEqual([
      { from: '2025-03-01T00:00:00.000Z', to: '2025-09-30T00:00:00.000Z' },
    ])
    expect((await submit('2025-09-30')).statusCode).toBe(400)
    expect((await submit('2025-10-01')).statusCode).toBe(200)
  })
})
