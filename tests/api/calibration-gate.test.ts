import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import type { RecordDetail } from '../../schemas/records/index'
import { auditLog, records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/** A test layout whose test equipment control has the given calibration policy (issue #15.1). */
const layoutWith = (calibrationPolicy?: 'warn' | 'block'): FormLayout => ({
  version: 2,
  title: 'Gate test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
    {
      type: 'testEquipment',
      variable: 'equipment',
      label: 'Test equipment used',
      min: 1,
      ...(calibrationPolicy ? { calibrationPolicy } : {}),
    },
  ],
})

describe('{submission} calibration gate and frozen snapshot (issue #15.1–2)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let blockType: number
  let warnType: number
  let expired: number
  let valid: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    const mappings = { serialField: 'serial', dateOfRecordField: 'testDate' }
    blockType = await recordType(server, 'Gate Block', 'Test', 'form', mappings, layoutWith('block'), [
      fx.transformer,
    ])
    warnType = await recordType(server, 'Gate Warn', 'Test', 'form', mappings, layoutWith(), [fx.transformer])
    // Calibrated 01/01/2025 for 6 months: expired on 01/07/2025. Calibrated 01/01/2026 for a year: valid.
    expired = await calibrate('EPN-TE:901', '2025-01-01', 'P6M')
    valid = await calibrate('EPN-TE:902', '2026-01-01', 'P12M')
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0].n

  async function calibrate(serial: string, date: string, frequency: string) {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial, date, house: fx.calibrator, frequency, description: `Meter ${serial}` },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().testEquipmentId as number
  }

  const submit = (
    as: 'configurator' | 'internal' | 'supplier' | 'viewAll',
    typeId: number,
    equipment: number[],
    overrides?: { testEquipmentId: number; reason: string }[],
    testDate = '2026-02-10',
  ) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as,
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: typeId,
        data: { serial: 'NWT:701', testDate, equipment },
        ...(overrides ? { calibrationOverrides: overrides } : {}),
      },
    })
  const detail = async (id: number) =>
    (
      await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, { as: 'configurator' })
    ).json() as RecordDetail

  it('block policy refuses an expired device without an override, naming it; nothing is written', async () => {
    const before = [await recordCount(), await auditCount()]
    const res = await submit('internal', blockType, [valid, expired])
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Test equipment EPN-TE:901 cannot be used: its calibration expired on 01/07/2025. This record type ' +
        'blocks out-of-calibration test equipment; a configurator or admin must give an override reason.',
    )
    expect([await recordCount(), await auditCount()]).toEqual(before)
  })

  it("an internal user's override is refused with 403; nothing is written", async () => {
    const before = [await recordCount(), await auditCount()]
    const res = await submit(
      'internal',
      blockType,
      [expired],
      [{ testEquipmentId: expired, reason: 'Urgent' }],
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Only a configurator or admin can override a calibration block.')
    expect([await recordCount(), await auditCount()]).toEqual(before)
  })

  it("a supplier user's override is refused with 403 too", async () => {
    const before = await recordCount()
    const res = await submit(
      'supplier',
      blockType,
      [expired],
      [{ testEquipmentId: expired, reason: 'Urgent' }],
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Only a configurator or admin can override a calibration block.')
    expect(await recordCount()).toBe(before)
  })

  it('refuses an override without a reason, or for a device the record does not use', async () => {
    const blank = await submit(
      'configurator',
      blockType,
      [expired],
      [{ testEquipmentId: expired, reason: '  ' }],
    )
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe('An override of test equipment EPN-TE:901 needs a reason.')
    const other = await submit(
      'configurator',
      blockType,
      [valid],
      [{ testEquipmentId: expired, reason: 'x' }],
    )
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toBe(
      `Test equipment ${expired} is not used in this record, so it cannot be overridden.`,
    )
  })

  it("accepts a configurator's override and stores who, when and why with the record", async () => {
    const started = Date.now()
    const res = await submit(
      'configurator',
      blockType,
      [valid, expired],
      [{ testEquipmentId: expired, reason: 'Recalibration booked; reference checked against EPN-TE:902' }],
    )
    expect(res.statusCode, res.body).toBe(200)
    const record = await detail(res.json().recordId)
    const used = Object.fromEntries(record.testEquipmentUsed!.map((s) => [s.serialNumber, s]))
    expect(used['EPN-TE:902']).toMatchObject({ status: 'valid', policy: 'block', override: null })
    expect(used['EPN-TE:901']).toMatchObject({
      testEquipmentId: expired,
      description: 'Meter EPN-TE:901',
      ownerName: 'Eastern Power Networks',
      calibrationDate: '2025-01-01T00:00:00.000Z',
      expires: '2025-07-01T00:00:00.000Z',
      calibratorName: fx.calibrator,
      status: 'expired',
      policy: 'block',
      override: {
        reason: 'Recalibration booked; reference checked against EPN-TE:902',
        userName: 'configurator',
      },
    })
    expect(Date.parse(used['EPN-TE:901'].override!.at)).toBeGreaterThanOrEqual(started - 1000)
  })

  it('warn policy (the default) accepts an expired device and stores its status at use', async () => {
    const res = await submit('internal', warnType, [expired])
    expect(res.statusCode, res.body).toBe(200)
    const [used] = (await detail(res.json().recordId)).testEquipmentUsed!
    expect(used).toMatchObject({ status: 'expired', policy: 'warn', override: null })
  })

  it('the snapshot does not change after a later calibration of the device', async () => {
    const res = await submit('internal', warnType, [expired])
    const recordId = res.json().recordId as number
    const before = (await detail(recordId)).testEquipmentUsed
    expect(before![0]).toMatchObject({ status: 'expired', expires: '2025-07-01T00:00:00.000Z' })
    // Recalibrated on 01/03/2026 by another house, with a new description.
    const again = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:901', date: '2026-03-01', skip: true, description: 'Renamed meter' },
      },
    })
    expect(again.statusCode, again.body).toBe(200)
    const item = await server.call('itr', 'GET', `/api/testEquipment/${expired}`, { as: 'configurator' })
    expect(item.json()).toMatchObject({ description: 'Renamed meter', latestCalibration: { skipped: true } })
    expect((await detail(recordId)).testEquipmentUsed).toEqual(before)
    // And the device now passes the gate on a new record made since.
    const later = await submit('internal', blockType, [expired], undefined, '2026-03-02')
    expect(later.statusCode, later.body).toBe(200)
    expect((await detail(later.json().recordId)).testEquipmentUsed![0]).toMatchObject({
      status: 'notRequired',
    })
    // A record dated before the recalibration is judged by the calibration in force then (issue #15.3).
    const backDated = await submit('internal', blockType, [expired])
    expect(backDated.statusCode).toBe(400)
    expect(backDated.json().message).toContain('its calibration expired on 01/07/2025')
  })

  it('a Problem Report edited after a recalibration keeps its device as it was when used', async () => {
    const problemType = await recordType(
      server,
      'Gate Problem',
      'Problem Report',
      'form',
      { serialField: 'serial', dateOfRecordField: 'date' },
      {
        version: 2,
        title: 'Gate problem',
        controls: [
          { type: 'serial', variable: 'serial', label: 'Serial', required: true },
          { type: 'datepicker', variable: 'date', label: 'Date' },
          { type: 'testEquipment', variable: 'equipment', label: 'Equipment' },
          { type: 'multitext', variable: 'notes', label: 'Notes' },
        ],
      },
      [fx.transformer],
    )
    const device = await calibrate('EPN-TE:903', '2025-01-01', 'P6M')
    const body = (notes: string) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: problemType,
      data: { serial: 'NWT:702', date: '2026-02-10', equipment: [device], notes },
    })
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'configurator',
      body: body('First look'),
    })
    expect(res.statusCode, res.body).toBe(200)
    const recordId = res.json().recordId as number
    const before = (await detail(recordId)).testEquipmentUsed
    expect(before![0]).toMatchObject({ status: 'expired' })
    await calibrate('EPN-TE:903', '2026-03-01', 'P12M')
    const edit = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${recordId}`, {
      as: 'configurator',
      body: body('Second look'),
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const after = await detail(recordId)
    expect(after.data).toMatchObject({ notes: 'Second look' })
    expect(after.testEquipmentUsed).toEqual(before)
  })
})
