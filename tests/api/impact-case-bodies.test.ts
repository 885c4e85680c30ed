import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { auditLog, impactCaseRecords, impactCases } from '../../server/db/schema/index'
import { caseFixtures, type CaseFixtures } from './impact-case-fixtures'

const M = {
  body: 'A disposition names the records, the disposition and, to accept, a reason: {"recordIds": [record ids], "disposition": "accept", "retest" or "recall", "reason": "…"}.',
  noRecords: 'Choose at least one record: recordIds lists the ids of the suspect records to decide.',
  badIds: 'Record ids are whole numbers from 1: recordIds lists the ids of the suspect records to decide.',
  twice: 'Name each record once in recordIds.',
  tooMany: 'At most 1000 records can be decided at once: send the others in another request.',
  disposition: 'Choose a disposition: accept, retest or recall.',
  reasonText: 'The reason must be text.',
  reasonLong: 'The reason may be at most 1000 characters.',
  device: 'Choose the test equipment to open a case for: {"testEquipmentId": its id, a whole number from 1}.',
}

/**
 * The impact-case bodies the SPA never sends (products walk, s12): each is refused with 400 and a message
 * that says what to send, never the validator's words ('body/recordIds must NOT have fewer than 1
 * items') nor a 500, and nothing is written — no case, no disposition, no audit row.
 */
describe('impact case write bodies are refused in words', () => {
  let server: TestServer
  let c: CaseFixtures
  beforeAll(async () => {
    server = await startTestServer()
    c = await caseFixtures(server)
  })
  afterAll(() => server.close())

  const written = async () =>
    Promise.all(
      [impactCases, impactCaseRecords, auditLog].map(async (t) =>
        (await server.database.db.select().from(t)).map((row) => JSON.stringify(row)).sort(),
      ),
    )
  const post = (path: string, body: unknown) => server.call('itr', 'POST', path, { as: 'configurator', body })
  /** The call is refused with `status` and exactly `message`, and leaves every case table as it was. */
  async function refused(path: string, body: unknown, status: number, message: string) {
    const before = await written()
    const res = await post(path, body)
    expect([res.statusCode, res.json().message], JSON.stringify(body)?.slice(0, 80)).toEqual([
      status,
      message,
    ])
    expect(await written()).toEqual(before)
  }

  it('a disposition body that is not one, or names no records, or names them wrongly', async () => {
    const path = `/api/ImpactCases/${c.failed.id}/dispositions`
    const [a, b] = c.failedRecords
    const cases: [unknown, string][] = [
      [undefined, M.body],
      [null, M.body],
      [[a], M.body],
      [7, M.body],
      [{}, M.noRecords],
      [{ disposition: 'recall' }, M.noRecords],
      [{ recordIds: [], disposition: 'recall' }, M.noRecords],
      [{ recordIds: a, disposition: 'recall' }, M.badIds],
      [{ recordIds: [0], disposition: 'recall' }, M.badIds],
      [{ recordIds: [a, 1.5], disposition: 'recall' }, M.badIds],
      [{ recordIds: [String(a)], disposition: 'recall' }, M.badIds],
      [{ recordIds: [a, b, a], disposition: 'recall' }, M.twice],
      [{ recordIds: Array.from({ length: 1001 }, (_, i) => i + 1), disposition: 'recall' }, M.tooMany],
      [{ recordIds: [a] }, M.disposition],
      [{ recordIds: [a], disposition: 'reject' }, M.disposition],
      [{ recordIds: [a], disposition: null }, M.disposition],
      [{ recordIds: [a], disposition: 'accept', reason: 5 }, M.reasonText],
      [{ recordIds: [a], disposition: 'accept', reason: 'x'.repeat(1001) }, M.reasonLong],
      [
        { recordIds: [a], disposition: 'accept', reason: 'ok', decidedBy: 'me' },
        'Unknown field in the disposition: "decidedBy". It holds recordIds, disposition, reason.',
      ],
    ]
    for (const [body, message] of cases) await refused(path, body, 400, message)
  })

  it('a record id past any row id is a record outside the case, after the case itself', async () => {
    const body = { recordIds: [c.failedRecords[0], 99_999_999_999], disposition: 'recall' }
    await refused(
      `/api/ImpactCases/${c.failed.id}/dispositions`,
      body,
      400,
      `Record 99999999999 is not a suspect record of impact case ${c.failed.id}.`,
    )
    await refused('/api/ImpactCases/999999/dispositions', body, 404, 'Impact case 999999 does not exist')
  })

  it('opening a case: a body that names no device, or not by its id', async () => {
    const cases: unknown[] = [
      undefined,
      null,
      [c.unopened],
      {},
      { testEquipmentId: null },
      { testEquipmentId: 0 },
      { testEquipmentId: -3 },
      { testEquipmentId: String(c.unopened) },
      { testEquipmentId: 1.5 },
    ]
    for (const body of cases) await refused('/api/ImpactCases', body, 400, M.device)
    await refused(
      '/api/ImpactCases',
      { testEquipmentId: c.unopened, kind: 'lapsed' },
      400,
      'Unknown field in the impact case: "kind". It holds testEquipmentId.',
    )
  })

  it('opening a case for a device id past any row id is a device that does not exist', async () => {
    await refused(
      '/api/ImpactCases',
      { testEquipmentId: 99_999_999_999 },
      404,
      'Could not find test equipment with ID 99999999999',
    )
  })

  it('the bodies the SPA sends are still taken', async () => {
    const [a, b] = c.failedRecords
    const decided = await post(`/api/ImpactCases/${c.failed.id}/dispositions`, {
      recordIds: [a, b],
      disposition: 'accept',
      reason: 'Within tolerance',
    })
    expect(decided.statusCode, decided.body).toBe(200)
    expect(decided.json().counts).toMatchObject({ accept: 2, undecided: 0 })
    const opened = await post('/api/ImpactCases', { testEquipmentId: c.unopened })
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json()).toMatchObject({ kind: 'lapsed', counts: { total: 1 } })
  })
})
