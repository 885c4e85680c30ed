import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { records } from '../../server/db/schema/index'
import { dayText } from '../../schemas/records/values'
import { recordFixtures, seedKnownRecords, type KnownRecords, type RecordFixtures } from './records-fixtures'

const HOUR = 3600 * 1000
/** ISO text of the instant `hours` from now, to the minute. */
const fromNow = (hours: number) => {
  const d = new Date(Date.now() + hours * HOUR)
  d.setUTCSeconds(0, 0)
  return d.toISOString()
}
/** The UTC day `days` from today, as YYYY-MM-DD. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10)
/** A date as the refusal writes it back: DD/MM/YYYY, with HH:mm when it has a time. */
const written = (iso: string) => {
  const d = new Date(iso)
  return iso.length > 10 ? `${dayText(d)} ${iso.slice(11, 16)}` : dayText(d)
}
const refusal = (iso: string, variable: string) =>
  `"${written(iso)}" in "${variable}" is after today (${dayText(new Date())}): a record cannot be dated in the future.`

/**
 * A record is dated when its test, despatch, report or calibration was done: a date more than a day after
 * the server's clock is refused on every path that stores one (a JSON record, a revision, an edit in
 * place, a CSV row, a calibration), naming the field, with nothing stored (walk s14 D2; docs/decisions.md
 * "Eleventh audit"). Up to a day ahead is taken: a day picked in a zone ahead of UTC.
 */
describe('record dates in the future', () => {
  let server: TestServer
  let fx: RecordFixtures
  let known: KnownRecords
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    known = await seedKnownRecords(server, fx)
  })
  afterAll(() => server.close())

  const recordCount = async () => (await server.database.db.select({ n: count() }).from(records))[0].n
  const submit = (path: string, body: object) =>
    server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as: 'internal', body })
  const test = (serial: string, testDate: string, query = '') =>
    submit(`upload-single${query}`, {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.test,
      data: { serial, testDate, equipment: [known.equipmentId], ratio: { value: 0.25, passOrFail: 'Pass' } },
    })

  it('a test dated after tomorrow, or more than a day ahead to the minute, is refused; nothing stored', async () => {
    const before = await recordCount()
    for (const date of [dayFromToday(2), fromNow(25), '9999-12-31']) {
      const res = await test('NWT:801', date)
      expect(res.statusCode, date).toBe(400)
      expect(res.json().message, date).toBe(refusal(date, 'testDate'))
    }
    expect(await recordCount()).toBe(before)
  })

  it('up to a day ahead is stored (a day picked where it is already tomorrow)', async () => {
    for (const [serial, date] of [
      ['NWT:802', dayFromToday(1)],
      ['NWT:803', fromNow(23)],
      ['NWT:804', dayFromToday(0)],
    ]) {
      const res = await test(serial, date)
      expect(res.statusCode, `${date}: ${res.body}`).toBe(200)
    }
  })

  it('a revision and an edit in place are refused the same way', async () => {
    const date = dayFromToday(3)
    const revision = await test('NWT:1', date, `?revisionOf=${known.test[0]}`)
    expect(revision.statusCode).toBe(400)
    expect(revision.json().message).toBe(refusal(date, 'testDate'))

    const edit = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${known.problem}`, {
      as: 'configurator',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.problem,
        data: { serial: 'NWT:2', date, faultItems: ['Oil leak'], repairItems: ['Replaced gasket'] },
      },
    })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().message).toBe(refusal(date, 'date'))
    const stored = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${known.problem}`, {
      as: 'configurator',
    })
    expect(stored.json().recordDate).toBe('2026-03-01T00:00:00.000Z')
  })

  it('a calibration dated in the future is refused, and no device is made', async () => {
    const date = dayFromToday(5)
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:851', date, skip: true, description: 'Multimeter' },
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(refusal(date, 'date'))
    const list = (await server.call('itr', 'GET', '/api/testEquipment', { as: 'configurator' })).json() as {
      serialNumber: { full: string }
    }[]
    expect(list.map((te) => te.serialNumber.full)).not.toContain('EPN-TE:851')
  })

  it('a CSV row dated in the future is that row’s error, and the file stores nothing', async () => {
    const before = await recordCount()
    const late = dayFromToday(2)
    const csv = await submit('upload-csv', {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.csv,
      fileName: 'late.csv',
      data: Buffer.from(
        `serial,testDate,result\nNWT:811,${dayFromToday(-1)},pass\nNWT:812,${late},pass\n`,
      ).toString('base64'),
    })
    expect(csv.statusCode).toBe(400)
    expect(csv.json().message).toBe('The file was not uploaded: 1 of 2 rows have errors. Nothing was saved.')
    expect(csv.json().details).toEqual([{ line: 3, reason: refusal(late, 'testDate') }])
    expect(await recordCount()).toBe(before)
  })
})
