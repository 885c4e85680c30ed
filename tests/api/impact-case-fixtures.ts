import { expect } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout/index'
import type { ImpactCase, ImpactCasePage } from '../../schemas/records/index'
import type { RoleView } from '../../schemas/roles'
import type { TestServer } from '../support/api'
import { calibrationRecordType, recordFixtures, type RecordFixtures } from './records-fixtures'

/**
 * A calibration layout with the device as found and as left (issue #15.3), which may be skipped (a
 * calibration that sets no 'skip' is not), and the reference devices it used (which makes the calibration a
 * result of those devices).
 */
const CALIBRATION: FormLayout = {
  version: 2,
  title: 'Case calibration',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'singletext', variable: 'description', label: 'Description' },
    { type: 'checkbox', variable: 'skip', label: 'Skip' },
    { type: 'dropdown', variable: 'house', label: 'House' },
    { type: 'timespan', variable: 'frequency', label: 'Frequency', unit: 'months' },
    { type: 'testEquipment', variable: 'reference', label: 'Reference standard' },
    { type: 'testField', testType: 'passFail', variable: 'asFound', label: 'As found' },
    { type: 'testField', testType: 'passFail', variable: 'asLeft', label: 'As left' },
  ],
}

/** The 'Case Calibration' record type, on the layout above. */
export const caseCalibrationType = (server: TestServer) =>
  calibrationRecordType(server, 'Case Calibration', CALIBRATION, {
    asLeftResultField: 'asLeft',
    skipCalibrationField: 'skip',
  })

/** The body of a 200 answer (asserting it is one). */
export const ok = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200)
  return JSON.parse(res.body) as unknown
}

/**
 * The calls the case tests make through the real endpoints, as the configurator (test records as `testsAs`,
 * the configurator unless said): calibrate a device with the calibration type (Meter {serial} at the
 * fixture calibrator, every 12 months unless `data` says otherwise), submit a test record (Northwind's on a
 * transformer, Contoso's on a ring main unit; the fixture test type unless another is given) made with the
 * given devices, and list a device's impact cases.
 */
export function caseCalls(
  server: TestServer,
  fx: RecordFixtures,
  calibrationType: number,
  { testsAs = 'configurator' }: { testsAs?: Exclude<RoleView, 'none'> } = {},
) {
  const submit = async (path: string, body: object, as: Exclude<RoleView, 'none'> = 'configurator') =>
    ok(await server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as, body })) as {
      recordId: number
      testEquipmentId: number
    }
  return {
    calibrate: (serial: string, date: string, data: Record<string, unknown>) =>
      submit('calibration', {
        deviceOwnerId: fx.owner,
        recordTypeId: calibrationType,
        data: {
          serial,
          date,
          house: fx.calibrator,
          frequency: 'P12M',
          description: `Meter ${serial}`,
          ...data,
        },
      }),
    test: async (
      serial: string,
      date: string,
      equipment: number[],
      supplier: 'northwind' | 'contoso' = 'northwind',
      recordTypeId = fx.types.test,
    ) =>
      (
        await submit(
          'upload-single',
          {
            supplierId: fx[supplier],
            productTypeId: supplier === 'northwind' ? fx.transformer : fx.ringMainUnit,
            recordTypeId,
            data: { serial, testDate: date, equipment, ratio: { value: 0.5 } },
          },
          testsAs,
        )
      ).recordId,
    cases: async (device: number) => {
      const filter = encodeURIComponent(JSON.stringify({ testEquipmentId: device }))
      return ok(
        await server.call('itr', 'GET', `/api/ImpactCases/page/1/size/10/filter/${filter}`, {
          as: 'configurator',
        }),
      ) as ImpactCasePage
    },
  }
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

/**
 * A failed-calibration case and a lapsed one on the fixture records domain, made through the real calls
 * (calibrations, tests, opening the lapsed case), as the configurator.
 */
export async function caseFixtures(server: TestServer): Promise<CaseFixtures> {
  const fx = await recordFixtures(server)
  const calls = caseCalls(server, fx, await caseCalibrationType(server))
  const { test } = calls
  const calibrate = (serial: string, date: string, found: string, frequency = 'P12M') =>
    calls.calibrate(serial, date, { frequency, asFound: { value: found }, asLeft: { value: 'Pass' } })
  const casesOf = async (device: number) => (await calls.cases(device)).result

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
  ) as ImpactCase

  const unopened = (await calibrate('EPN-TE:903', '2025-01-01', 'Pass', 'P6M')).testEquipmentId
  await test('NWT:906', '2025-09-01T10:00:00Z', [unopened])
  const unused = (await calibrate('EPN-TE:904', '2025-01-01', 'Pass')).testEquipmentId
  return { fx, failed, failedRecords, lapsed, lapsedRecords, unopened, unused }
}
