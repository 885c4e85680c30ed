import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { records } from '../../server/db/schema/index'
import type { CalibrationHistoryItem } from '../../schemas/records/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/**
 * Audit s7 D4 and D5 (docs/decisions.md "Calibration gate and snapshot → Frequency in whole months and
 * days", "Dates in range"): the expiry always equals the stated frequency or the record is refused, and a
 * record date outside 01/01/1900–31/12/9999 is refused with nothing stored.
 */
describe('calibration frequency and record date range', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  const recordCount = async () => (await server.database.db.select({ n: count() }).from(records))[0].n
  const calibrate = (serial: string, date: string, frequency: string) =>
    server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: {
          serial,
          date,
          description: 'Torque wrench set',
          skip: false,
          house: fx.calibrator,
          frequency,
        },
      },
    })
  const history = async (id: number) => {
    const res = await server.call('itr', 'GET', `/api/testEquipment/${id}/calibrations`, {
      as: 'configurator',
    })
    expect(res.statusCode).toBe(200)
    return (res.json() as CalibrationHistoryItem[]).map((h) => [h.recordId, h.calibrationDate, h.expires])
  }

  describe('D4: a fractional frequency', () => {
    let device: number
    beforeAll(async () => {
      const first = await calibrate('EPN-TE:301', '2026-01-10', 'P12M')
      expect(first.statusCode).toBe(200)
      device = first.json().testEquipmentId
    })

    it('is converted exactly where it comes to whole months or days', async () => {
      for (const [frequency, expires] of [
        ['P0.5Y', '2027-05-27T00:00:00.000Z'],
        ['P1.5Y', '2028-05-27T00:00:00.000Z'],
        ['P0.25Y', '2027-02-27T00:00:00.000Z'],
        ['P1.5W0.5D', '2026-12-08T00:00:00.000Z'],
      ]) {
        const res = await calibrate('EPN-TE:301', '2026-11-27', frequency)
        expect(res.statusCode, frequency).toBe(200)
        const { recordId } = res.json()
        const [latest] = await history(device)
        expect(latest, frequency).toEqual([recordId, '2026-11-27T00:00:00.000Z', expires])
        const item = (
          await server.call('itr', 'GET', `/api/testEquipment/${device}`, { as: 'internal' })
        ).json()
        expect(item.latestCalibration.expires, frequency).toBe(expires)
      }
    })

    it('is refused with a 400 naming the field when it does not come to whole months and days, storing nothing', async () => {
      const before = await history(device)
      const recordsBefore = await recordCount()
      for (const frequency of ['P1.5M', 'P0.3Y', 'P1.5D', 'PT12H', 'P0.5Y0.5M']) {
        const res = await calibrate('EPN-TE:301', '2026-11-01', frequency)
        expect(res.statusCode, frequency).toBe(400)
        expect(res.json().message).toBe(
          `Calibration frequency ${frequency} in "frequency" does not come to whole months and days; ` +
            'enter whole months or days (e.g. P18M, P45D).',
        )
      }
      expect(await history(device)).toEqual(before)
      expect(await recordCount()).toBe(recordsBefore)
    })

    it('a new device with a refused frequency is not created', async () => {
      const res = await calibrate('EPN-TE:302', '2026-11-01', 'P1.5M')
      expect(res.statusCode).toBe(400)
      const list = (await server.call('itr', 'GET', '/api/testEquipment', { as: 'internal' })).json() as {
        serialNumber: { full: string }
      }[]
      expect(list.map((te) => te.serialNumber.full)).not.toContain('EPN-TE:302')
    })
  })

  describe('D5: a record date out of range', () => {
    let device: number
    beforeAll(async () => {
      const first = await calibrate('EPN-TE:311', '2026-01-10', 'P12M')
      expect(first.statusCode).toBe(200)
      device = first.json().testEquipmentId
    })

    it('a calibration dated before 01/01/1900 is refused naming the field, storing nothing', async () => {
      const before = await history(device)
      const recordsBefore = await recordCount()
      for (const [date, written] of [
        ['0001-01-01', '01/01/0001'],
        ['1899-12-31', '31/12/1899'],
        ['0099-05-03T00:00:00Z', '03/05/0099 00:00'],
      ]) {
        const res = await calibrate('EPN-TE:311', date, 'P12M')
        expect(res.statusCode, date).toBe(400)
        expect(res.json().message).toBe(`"${written}" in "date" is not a date from 01/01/1900 to 31/12/9999.`)
      }
      expect(await history(device)).toEqual(before)
      expect(await recordCount()).toBe(recordsBefore)
    })

    it('the first day of the range is stored identically in the record and the calibration history', async () => {
      const res = await calibrate('EPN-TE:311', '1900-01-01', 'P12M')
      expect(res.statusCode).toBe(200)
      const { recordId } = res.json()
      const record = (
        await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}`, {
          as: 'configurator',
        })
      ).json()
      expect(record.recordDate).toBe('1900-01-01T00:00:00.000Z')
      expect((await history(device)).find(([id]) => id === recordId)).toEqual([
        recordId,
        '1900-01-01T00:00:00.000Z',
        '1901-01-01T00:00:00.000Z',
      ])
    })

    it('CSV rows dated before 1900 are refused with the same text, per row', async () => {
      const recordsBefore = await recordCount()
      const csv = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.csv,
          fileName: 'old.csv',
          data: Buffer.from(
            'serial,testDate,result\nNWT:601,2026-03-01,pass\nNWT:602,0001-01-01,pass\nNWT:603,01/01/1899,pass\n',
          ).toString('base64'),
        },
      })
      expect(csv.statusCode).toBe(400)
      expect(csv.json().message).toBe(
        'The file was not uploaded: 2 of 3 rows have errors. Nothing was saved.',
      )
      expect(csv.json().details).toEqual([
        { line: 3, reason: '"01/01/0001" in "testDate" is not a date from 01/01/1900 to 31/12/9999.' },
        { line: 4, reason: '"01/01/1899" in "testDate" is not a date from 01/01/1900 to 31/12/9999.' },
      ])
      expect(await recordCount()).toBe(recordsBefore)
    })

    it('a CSV row of a layout type quotes its date as the user wrote it, not as the cell was read', async () => {
      const layoutType = await recordType(
        server,
        'Fixture CSV With Layout',
        'Test',
        'file',
        { serialField: 'serial', dateOfRecordField: 'testDate' },
        {
          version: 2,
          title: 'Fixture CSV with layout',
          controls: [
            { type: 'serial', variable: 'serial', label: 'Serial', required: true },
            { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
          ],
        },
        [fx.transformer],
      )
      const csv = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: layoutType,
          fileName: 'old.csv',
          data: Buffer.from('serial,testDate\nNWT:611,31/12/1899\nNWT:612,01/01/0001 10:00\n').toString(
            'base64',
          ),
        },
      })
      expect(csv.statusCode).toBe(400)
      expect(csv.json().details).toEqual([
        { line: 2, reason: '"31/12/1899" in "testDate" is not a date from 01/01/1900 to 31/12/9999.' },
        { line: 3, reason: '"01/01/0001 10:00" in "testDate" is not a date from 01/01/1900 to 31/12/9999.' },
      ])
    })
  })
})
