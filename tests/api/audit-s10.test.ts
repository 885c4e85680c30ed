import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { IMPACT_MESSAGES, RECORD_MESSAGES } from '../../schemas/records/index'
import { SETTINGS_MESSAGES } from '../../schemas/settings'
import { auditLog, deviceOwners, records, testEquipment } from '../../server/db/schema/index'
import { ASSET_TAG_MAX, DEVICE_DESCRIPTION_MAX } from '../../server/submissions/calibration'
import { calibrationRecordType, recordFixtures, type RecordFixtures } from './records-fixtures'

/** A calibration layout whose description and asset tag land on the test equipment item. */
const CALIBRATION: FormLayout = {
  version: 2,
  title: 'S10 calibration',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'singletext', variable: 'description', label: 'Description' },
    { type: 'singletext', variable: 'tag', label: 'Asset tag' },
    { type: 'dropdown', variable: 'house', label: 'House' },
    { type: 'timespan', variable: 'frequency', label: 'Frequency', unit: 'months' },
    { type: 'testField', testType: 'passFail', variable: 'asFound', label: 'As found' },
  ],
}

/**
 * The seventh audit (s10, helper h1): write paths of impact cases, calibrations and settings. Each case
 * is refused with a clear message and writes nothing (no record, no device, no audit row).
 */
describe('audit s10: refused writes say why and write nothing', () => {
  let server: TestServer
  let fx: RecordFixtures
  let calibrationType: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    calibrationType = await calibrationRecordType(server, 'S10 Calibration', CALIBRATION, {
      assetTagField: 'tag',
    })
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const count = async (table: typeof records | typeof auditLog | typeof testEquipment) =>
    Number(
      (
        (await db().execute(sql`SELECT count(*)::int AS n FROM ${table}`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows?.[0]?.n ?? 0,
    )
  const counts = async () => [await count(records), await count(auditLog), await count(testEquipment)]

  const calibration = (serial: string, data: Record<string, unknown> = {}, query = '') =>
    server.call('submission', 'POST', `/api/InstrumentTest/calibration${query}`, {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: calibrationType,
        data: { serial, date: '2026-03-01T00:00:00Z', house: fx.calibrator, frequency: 'P12M', ...data },
      },
    })
  const problemReport = async (serial: string) => {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'configurator',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.problem,
        data: { serial, date: '2026-03-01T00:00:00Z', faultItems: ['Oil leak'], repairItems: [] },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().recordId as number
  }

  it('a revision of a record of another record type is 400 and links nothing (h1-1)', async () => {
    const otherType = await problemReport('NWT:1701')
    const before = await counts()
    const res = await calibration('EPN-TE:711', {}, `?revisionOf=${otherType}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(RECORD_MESSAGES.revisionOfOtherType(otherType))
    expect(await counts()).toEqual(before)
    const history = await server.call('config', 'GET', `/api/Audit/record/${otherType}`, {
      as: 'viewAll',
    })
    expect(history.json()).toHaveLength(1)

    // A revision of the same record type still stores and links the new record.
    const first = await calibration('EPN-TE:712')
    expect(first.statusCode, first.body).toBe(200)
    const revised = await calibration(
      'EPN-TE:712',
      { description: 'Corrected' },
      `?revisionOf=${first.json().recordId}`,
    )
    expect(revised.statusCode, revised.body).toBe(200)
    const linked = await server.call('config', 'GET', `/api/Audit/record/${first.json().recordId}`, {
      as: 'viewAll',
    })
    expect(linked.json().map((e: { revisionOf: string | null }) => e.revisionOf)).toContain(
      String(first.json().recordId),
    )
  })

  it('a device description or asset tag over its limit is 400 naming the variable (h1-2)', async () => {
    const before = await counts()
    const long = await calibration('EPN-TE:713', { description: 'x'.repeat(DEVICE_DESCRIPTION_MAX + 1) })
    expect(long.statusCode, long.body).toBe(400)
    expect(long.json().message).toBe(RECORD_MESSAGES.deviceTextTooLong('description', DEVICE_DESCRIPTION_MAX))
    const tag = await calibration('EPN-TE:713', { tag: '😀'.repeat(ASSET_TAG_MAX + 1) })
    expect(tag.statusCode, tag.body).toBe(400)
    expect(tag.json().message).toBe(RECORD_MESSAGES.deviceTextTooLong('tag', ASSET_TAG_MAX))
    expect(await counts()).toEqual(before)
    // At the limit (counted as people count characters: an emoji is one) it is stored.
    const atLimit = await calibration('EPN-TE:713', {
      description: 'x'.repeat(DEVICE_DESCRIPTION_MAX),
      tag: '😀'.repeat(ASSET_TAG_MAX),
    })
    expect(atLimit.statusCode, atLimit.body).toBe(200)
    const [device] = await db()
      .select({ tag: testEquipment.assetTag })
      .from(testEquipment)
      .where(eq(testEquipment.id, atLimit.json().testEquipmentId))
    expect([...(device.tag ?? '')]).toHaveLength(ASSET_TAG_MAX)
  })

  it('certificate settings of the wrong type say so, not that they are too long (h1-3)', async () => {
    const put = (body: object) =>
      server.call('config', 'PUT', '/api/Settings/certificate', { as: 'viewAll', body })
    const name = await put({ organisationName: 5, addressLine: '1 Test Street', logo: null })
    expect(name.statusCode).toBe(400)
    expect(name.json().message).toBe(SETTINGS_MESSAGES.organisationNameText)
    const address = await put({ organisationName: 'EPN', addressLine: ['1 Test Street'], logo: null })
    expect(address.statusCode).toBe(400)
    expect(address.json().message).toBe(SETTINGS_MESSAGES.addressLineText)
    const tooLong = await put({ organisationName: 'x'.repeat(201), addressLine: '', logo: null })
    expect(tooLong.json().message).toBe(SETTINGS_MESSAGES.organisationName)
  })

  it('case actions refuse other roles with 403 before reading the body; closing takes no body (h1-4, h1-5)', async () => {
    const found = await calibration('EPN-TE:714', { asFound: { value: 'Fail' } })
    expect(found.statusCode, found.body).toBe(200)
    const [openCase] = (
      await server.call('itr', 'GET', `/api/ImpactCases/page/1/size/10/filter/${encodeURIComponent('{}')}`, {
        as: 'configurator',
      })
    ).json().result as { id: number }[]
    const before = await counts()
    for (const as of ['supplier', 'internal'] as const)
      for (const [path, payload, type] of [
        [`/api/ImpactCases/${openCase.id}/dispositions`, 'nonsense', 'application/json'],
        [`/api/ImpactCases/${openCase.id}/close`, 'a=b', 'application/x-www-form-urlencoded'],
        ['/api/ImpactCases', '{', 'application/json'],
      ]) {
        const res = await server.call('itr', 'POST', path, {
          as,
          body: payload,
          headers: { 'content-type': type },
        })
        expect(res.statusCode, `${as} ${path}: ${res.body}`).toBe(403)
        expect(res.json().message).toBe(IMPACT_MESSAGES.forbidden)
      }
    const extra = await server.call('itr', 'POST', `/api/ImpactCases/${openCase.id}/close`, {
      as: 'configurator',
      body: { foo: 1 },
    })
    expect(extra.statusCode, extra.body).toBe(400)
    expect(extra.json().message).toBe(IMPACT_MESSAGES.closeTakesNoBody)
    expect(await counts()).toEqual(before)
    // No body, or {}, closes it as before (a case without records has nothing undecided).
    const closed = await server.call('itr', 'POST', `/api/ImpactCases/${openCase.id}/close`, {
      as: 'configurator',
      body: {},
    })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json().status).toBe('closed')
  })

  it('a reminder contact a mailer would read as two recipients is refused (h1, suspected, confirmed)', async () => {
    const res = await server.call('itr', 'PUT', `/api/deviceOwners/${fx.owner}/calibrationReminderContacts`, {
      as: 'configurator',
      body: ['x,evil@attacker.example'],
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(
      'The following contacts do not have a valid email address: x,evil@attacker.example',
    )
    const [owner] = await db().select().from(deviceOwners).where(eq(deviceOwners.id, fx.owner))
    expect(JSON.stringify(owner)).not.toContain('attacker')
  })
})
