import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import type { ImpactCasePage, Product, SuspectRecord, SuspectRecordPage } from '../../schemas/records/index'
import { caseFixtures, type CaseFixtures } from './impact-case-fixtures'

/**
 * Issue #15.3: a product whose suspect record was recalled says so on the products page (`recalled`)
 * until a new record of the same record type that counts (review state none or approved) clears it, by
 * the retest's rule; deciding again forgets the clearing, as it does for a retest.
 */
describe("products: 'Recalled' after a recall decision", () => {
  let server: TestServer
  let cf: CaseFixtures
  let reviewer = ''

  beforeAll(async () => {
    server = await startTestServer()
    cf = await caseFixtures(server)
    reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
  })
  afterAll(() => server.close())

  const ok = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200)
    return JSON.parse(res.body)
  }
  const enc = (filter: object) => encodeURIComponent(JSON.stringify(filter))

  /** The products page's answer for some serials, as the configurator (or another user) sees it. */
  const products = async (serials: string[], as: 'configurator' | 'supplier' = 'configurator') =>
    (
      ok(
        await server.call(
          'meta',
          'GET',
          `/api/assets/page/1/size/50/filter/${enc({ serialNumbers: serials, sortField: 'productSerialNumber' })}`,
          { as },
        ),
      ) as { result: Product[] }
    ).result
  /** Of one product: its status and the two impact flags. */
  const flags = async (serial: string) => {
    const [p] = await products([serial])
    expect(p.productSerialNumber).toBe(serial)
    return { currentStatus: p.currentStatus, retestRequired: p.retestRequired, recalled: p.recalled }
  }
  const decide = async (caseId: number, recordIds: number[], disposition: string, reason?: string) =>
    ok(
      await server.call('itr', 'POST', `/api/ImpactCases/${caseId}/dispositions`, {
        as: 'configurator',
        body: { recordIds, disposition, ...(reason ? { reason } : {}) },
      }),
    )
  const suspect = async (caseId: number, recordId: number): Promise<SuspectRecord> =>
    (
      ok(
        await server.call(
          'itr',
          'GET',
          `/api/ImpactCases/${caseId}/records/page/1/size/100/filter/${enc({})}`,
          { as: 'configurator' },
        ),
      ) as SuspectRecordPage
    ).result.find((r) => r.recordId === recordId)!
  /** A Northwind transformer test (the fixtures' test record type) made with the device that never failed. */
  const test = async (serial: string, date: string, equipment = [cf.unused]) =>
    (
      ok(
        await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
          as: 'configurator',
          body: {
            supplierId: cf.fx.northwind,
            productTypeId: cf.fx.transformer,
            recordTypeId: cf.fx.types.test,
            data: { serial, testDate: date, equipment, ratio: { value: 0.5 } },
          },
        }),
      ) as { recordId: number }
    ).recordId
  async function setPolicy(reviewPolicy: string) {
    const id = cf.fx.types.test
    const type = ok(await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' }))
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${id}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy },
    })
    expect(res.statusCode).toBe(204)
  }

  const pass = { currentStatus: 'pass', retestRequired: false, recalled: false }

  it('a recalled record flags its product, for a supplier user too; its other products stay as they were', async () => {
    const [nwt901] = cf.failedRecords
    expect(await flags('NWT:901')).toEqual(pass)
    await decide(cf.failed.id, [nwt901], 'recall')
    expect(await flags('NWT:901')).toEqual({ ...pass, recalled: true })
    expect(await flags('NWT:902')).toEqual(pass)
    expect(await suspect(cf.failed.id, nwt901)).toMatchObject({ state: 'recall', retestClearedBy: null })

    // The supplier user sees its own products only, the flag as everyone sees it.
    const seen = await products(['NWT:901', 'NWT:902', 'CRM:1'], 'supplier')
    expect(seen.map((p) => [p.productSerialNumber, p.recalled])).toEqual([
      ['NWT:901', true],
      ['NWT:902', false],
    ])
  })

  it('a new record waiting for review clears nothing; approved, it clears the recall', async () => {
    const [nwt901] = cf.failedRecords
    // Dated before the suspect record (2025-05-05): clears nothing, even though it counts.
    await test('NWT:901', '2025-04-01T10:00:00Z')
    expect(await flags('NWT:901')).toEqual({ ...pass, recalled: true })

    await setPolicy('review')
    const later = await test('NWT:901', '2025-10-05T10:00:00Z')
    expect(await flags('NWT:901')).toEqual({ ...pass, recalled: true })
    expect(await suspect(cf.failed.id, nwt901)).toMatchObject({ state: 'recall', retestClearedBy: null })

    const reviewed = ok(
      await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${later}/review`, {
        token: reviewer,
        body: { action: 'review' },
      }),
    )
    expect(reviewed.state).toBe('approved')
    expect(await flags('NWT:901')).toEqual(pass)
    expect(await suspect(cf.failed.id, nwt901)).toMatchObject({ state: 'recall', retestClearedBy: later })
    await setPolicy('none')

    const history = ok(
      await server.call('config', 'GET', `/api/Audit/impactCase/${cf.failed.id}`, { as: 'viewAll' }),
    ) as { after: Record<string, unknown> | null }[]
    expect(history.flatMap((h) => Object.entries(h.after ?? {}))).toContainEqual([
      `record ${nwt901}`,
      `Recalled by configurator (cleared by record ${later})`,
    ])
  })

  it('deciding again behaves as for a retest: accept clears the flag, a new recall waits again', async () => {
    const [, nwt902] = cf.failedRecords
    await decide(cf.failed.id, [nwt902], 'recall')
    expect(await flags('NWT:902')).toEqual({ ...pass, recalled: true })
    await decide(cf.failed.id, [nwt902], 'accept', 'Ratio far inside its limits')
    expect(await flags('NWT:902')).toEqual(pass)
    await decide(cf.failed.id, [nwt902], 'retest')
    expect(await flags('NWT:902')).toEqual({ ...pass, retestRequired: true })
    await decide(cf.failed.id, [nwt902], 'recall')
    expect(await flags('NWT:902')).toEqual({ ...pass, recalled: true })

    // A recall once cleared, decided again, waits for another new record.
    const [nwt901] = cf.failedRecords
    await decide(cf.failed.id, [nwt901], 'recall')
    expect(await flags('NWT:901')).toEqual({ ...pass, recalled: true })
    expect(await suspect(cf.failed.id, nwt901)).toMatchObject({ state: 'recall', retestClearedBy: null })
  })

  it('a retest and a recall of one product are both answered; one new record clears both', async () => {
    // A second suspect record of NWT:904 (already in the lapsed case) joins the failed case's window.
    const joined = await test('NWT:904', '2025-06-01T10:00:00Z', [cf.failed.testEquipmentId])
    const cases = ok(
      await server.call(
        'itr',
        'GET',
        `/api/ImpactCases/page/1/size/10/filter/${enc({ testEquipmentId: cf.failed.testEquipmentId })}`,
        { as: 'configurator' },
      ),
    ) as ImpactCasePage
    expect(cases.result.map((c) => c.id)).toEqual([cf.failed.id])
    expect(await suspect(cf.failed.id, joined)).toMatchObject({ state: 'undecided' })

    await decide(cf.lapsed.id, [cf.lapsedRecords[0]], 'retest')
    await decide(cf.failed.id, [joined], 'recall')
    expect(await flags('NWT:904')).toEqual({ ...pass, retestRequired: true, recalled: true })

    const later = await test('NWT:904', '2025-11-01T10:00:00Z')
    expect(await flags('NWT:904')).toEqual(pass)
    expect(await suspect(cf.failed.id, joined)).toMatchObject({ retestClearedBy: later })
    expect(await suspect(cf.lapsed.id, cf.lapsedRecords[0])).toMatchObject({ retestClearedBy: later })
  })
})
