import { expect } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout/index'
import type { ImpactCase, ImpactCasePage } from '../../schemas/records/index'
import type { TestServer } from '../support/api'
import { calibrationRecordType, recordFixtures, type RecordFixtures } from './records-fixtures'

/** A calibration layout with the device as found and as left (issue #15.3). */
const CALIBRATION: FormLayout = {
  version: 2,
  title: 'Case calibration',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'singletext', variable: 'description', label: 'Description' },
    { type: 'dropdown', variable: 'house', label: 'House' },
    { type: 'timespan', variable: 'frequency', label: 'Frequency', unit: 'months' },
    { type: 'testField', testType: 'passFail', variable: 'asFound', label: 'As found' },
    { type: 'testField', testType: 'passFail', variable: 'asLeft', label: 'As left' },
  ],
}

/** The cases the impact-case tests start from, with the records in them. */
export interface CaseFixtures {
  fx: RecordFixtures
  /** Opened by an as-found Fail of EPN-TE:901 on 2025-10-01 (passing 2025-03-01): two records. */
  failed: ImpactCase
  failedRecords: number[]
  /** Opened by hand for EPN-TE:902 (calibrated 2025-01-01 09:30, every 6 months): two records after expiry. */
  lapsed: ImpactCase
  lapsedRecords: number[]
  /** A device used after expiry with no case yet (EPN-TE:903), and one never used (EPN-TE:904). */
  unopened: number
  unused: number
}

const ok = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200)
  return JSON.parse(res.body) as Record<string, unknown>
}

/**
 * A failed-calibration case and a lapsed one on the fixture records domain, made through the real calls
 * (calibrations, tests, opening the lapsed case), as the configurator.
 */
export async function caseFixtures(server: TestServer): Promise<CaseFixtures> {
  const fx = await recordFixtures(server)
  const calibrationType = await calibrationRecordType(server, 'Case Calibration', CALIBRATION, {
    asLeftResultField: 'asLeft',
  })
  const calibrate = async (serial: string, date: string, found: string, frequency = 'P12M') =>
    ok(
      await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
        as: 'configurator',
        body: {
          deviceOwnerId: fx.owner,
          recordTypeId: calibrationType,
          data: {
            serial,
            date,
            house: fx.calibrator,
            frequency,
            description: `Meter ${serial}`,
            asFound: { value: found },
            asLeft: { value: 'Pass' },
          },
        },
      }),
    ) as { recordId: number; testEquipmentId: number }
  const test = async (serial: string, date: string, equipment: number[]) =>
    (
      ok(
        await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
          as: 'configurator',
          body: {
            supplierId: fx.northwind,
            productTypeId: fx.transformer,
            recordTypeId: fx.types.test,
            data: { serial, testDate: date, equipment, ratio: { value: 0.5 } },
          },
        }),
      ) as { recordId: number }
    ).recordId
  const casesOf = async (device: number) =>
    (
      ok(
        await server.call(
          'itr',
          'GET',
          `/api/ImpactCases/page/1/size/10/filter/${encodeURIComponent(JSON.stringify({ testEquipmentId: device }))}`,
          { as: 'configurator' },
        ),
      ) as unknown as ImpactCasePage
    ).result

  const failing = (await calibrate('EPN-TE:901', '2025-03-01', 'Pass')).testEquipmentId
  const failedRecords = [
    await test('NWT:901', '2025-05-05T10:00:00Z', [failing]),
    await test('NWT:902', '2025-08-08T10:00:00Z', [failing]),
  ]
  await calibrate('EPN-TE:901', '2025-10-01', 'Fail')
  const [failed] = await casesOf(failing)

  // Calibrated in the morning: its expiry day starts at midnight all the same (the record at 08:00 is after it).
  const expiring = (await calibrate('EPN-TE:902', '2025-01-01T09:30:00Z', 'Pass', 'P6M')).testEquipmentId
  await test('NWT:903', '2025-06-30T10:00:00Z', [expiring])
  const lapsedRecords = [
    await test('NWT:904', '2025-07-01T08:00:00Z', [expiring]),
    await test('NWT:905', '2025-08-01T10:00:00Z', [expiring]),
  ]
  const lapsed = ok(
    await server.call('itr', 'POST', '/api/ImpactCases', {
      as: 'configurator',
      body: { testEquipmentId: expiring },
    }),
  ) as unknown as ImpactCase

  const unopened = (await calibrate('EPN-TE:903', '2025-01-01', 'Pass', 'P6M')).testEquipmentId
  await test('NWT:906', '2025-09-01T10:00:00Z', [unopened])
  const unused = (await calibrate('EPN-TE:904', '2025-01-01', 'Pass')).testEquipmentId
  return { fx, failed, failedRecords, lapsed, lapsedRecords, unopened, unused }
}
