import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, seedKnownRecords } from './records-fixtures'

/**
 * The products API's DateOfLastRecord filter names whole UTC days (products walk, s12): a bare date as
 * `to` includes that day, as `from` starts at its midnight; a full timestamp stays the instant given. The
 * known data set's products were last recorded: NWT:3 on 3 Jan 2026 12:00, CRM:1 on 4 Jan 12:00, NWT:1 on
 * 1 Feb 00:00, NWT:2 on 1 Mar 00:00 (tests/api/records-fixtures.ts `seedKnownRecords`).
 */
describe('{meta} products page: DateOfLastRecord days', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    await seedKnownRecords(server, await recordFixtures(server))
  })
  afterAll(() => server.close())

  const page = (value: unknown) =>
    server.call(
      'meta',
      'GET',
      `/api/assets/page/1/size/50/filter/${encodeURIComponent(
        JSON.stringify({
          attribute: { key: 'DateOfLastRecord', value },
          sortField: 'productSerialNumber',
          sortDirection: 'asc',
        }),
      )}`,
      { as: 'internal' },
    )
  const serials = async (value: unknown) => {
    const res = await page(value)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().result.map((p: { productSerialNumber: string }) => p.productSerialNumber)
  }

  it.each([
    ['"from|to" with bare dates', '2026-01-03|2026-01-04', ['CRM:1', 'NWT:3']],
    ['{from, to} with bare dates', { from: '2026-01-04', to: '2026-01-04' }, ['CRM:1']],
    ['[from, to] with bare dates', ['2026-01-03', '2026-01-03'], ['NWT:3']],
    ['{start, end} with bare dates', { start: '2026-01-03', end: '2026-01-04' }, ['CRM:1', 'NWT:3']],
    ['a bare to alone', { to: '2026-01-04' }, ['CRM:1', 'NWT:3']],
    ['a bare to as DD/MM/YYYY', '|04/01/2026', ['CRM:1', 'NWT:3']],
    ['a bare to as DD-MM-YYYY', '|04-01-2026', ['CRM:1', 'NWT:3']],
    ['a bare from (the day from its midnight)', { from: '2026-01-04' }, ['CRM:1', 'NWT:1', 'NWT:2']],
    ['the last day a record may have', { from: '2026-02-01', to: '9999-12-31' }, ['NWT:1', 'NWT:2']],
  ])('a bare date names the whole UTC day: %s', async (_name, value, expected) => {
    expect(await serials(value)).toEqual(expected)
  })

  it.each([
    ['to just before a record', { to: '2026-01-04T11:59:59.999Z' }, ['NWT:3']],
    ['to at a record', { to: '2026-01-04T12:00:00.000Z' }, ['CRM:1', 'NWT:3']],
    ['to in another zone', { to: '2026-01-04T13:59:59+02:00' }, ['NWT:3']],
    ['to without a zone (UTC)', '|2026-01-04 12:00', ['CRM:1', 'NWT:3']],
    ['from just after a record', { from: '2026-01-03T12:00:01Z', to: '2026-01-31' }, ['CRM:1']],
    ['to at midnight', { to: '2026-02-01T00:00:00Z', from: '2026-01-05' }, ['NWT:1']],
  ])('a full timestamp stays the instant given: %s', async (_name, value, expected) => {
    expect(await serials(value)).toEqual(expected)
  })

  it('refuses what is not a date, naming it', async () => {
    for (const [value, text] of [
      [{ to: '31/02/2026' }, '31/02/2026'],
      ['2026-01-01|tomorrow', 'tomorrow'],
    ] as const) {
      const res = await page(value)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(`The filter is not valid: "${text}" is not a date`)
    }
  })
})
