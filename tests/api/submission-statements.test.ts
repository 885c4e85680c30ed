import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { meter } from '../support/statement-meter'

/**
 * Issue #17.1: a submission's transaction is a chain of round trips, so the number of statements decides
 * its time. This meter counts what one submission sends (every statement drizzle runs, BEGIN/COMMIT
 * aside) for the load benchmark's two bodies: a meter test (internal user) and a transformer test with
 * its test equipment (supplier user). The expected counts only ever go down, except for correctness: a
 * record of a stored product locks the product before computing its summary (audit s8d D1), one more.
 */
const EXPECTED = { meter: 9, meterStoredProduct: 11, transformer: 13, retry: 4 }

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows

describe('statements of one submission (issue #17.1)', () => {
  let server: TestServer
  let ids: { fabrikam: number; meter: number; routine: number; equipment: number }
  let seen: { statements: string[] }
  beforeAll(async () => {
    server = await startTestServer()
    const db = server.database.db
    ;[ids] = rowsOf<typeof ids>(
      await db.execute(sql`SELECT
        (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS fabrikam,
        (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS meter,
        (SELECT id FROM data_point_types WHERE name = 'Transformer Routine Test') AS routine,
        (SELECT min(id) FROM test_equipment) AS equipment`),
    )
    seen = meter(db)
  })
  afterAll(() => server.close())

  const submit = async (as: 'internal' | 'supplier', body: object, key: string) => {
    // Sign in first: its statements are not the submission's.
    await server.tokenFor(as)
    seen.statements.length = 0
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as,
      body,
      headers: { 'idempotency-key': key },
    })
    expect(res.statusCode, res.body).toBe(200)
    const statements = [...seen.statements]
    if (process.env.SHOW_STATEMENTS) console.log(statements.join('\n---\n'))
    return statements
  }

  const meterBody = (serial: string) => ({
    supplierId: ids.fabrikam,
    recordTypeId: ids.meter,
    productTypeId: 100205,
    data: {
      serial,
      testDate: '2026-02-03T00:00:00.000Z',
      errorAt5A: 0.2,
      errorAt60A: -0.1,
      creepTest: 'Pass',
    },
  })
  const transformerBody = (serialNumber: string) => ({
    supplierId: null,
    recordTypeId: ids.routine,
    productTypeId: 100200,
    data: {
      serialNumber,
      testDate: '2026-02-03T00:00:00.000Z',
      testedBy: 'meter',
      testEquipment: [ids.equipment],
      ratioError: 0.1,
      insulationResistance: 5000,
      noLoadLoss: 1,
      vectorGroup: 'Dyn11',
      appliedVoltage: 'Pass',
      oilLevelOk: 'Yes',
    },
  })

  it('a meter test of a new serial', async () => {
    await submit('internal', meterBody('FSM:99971'), 'meter-warm')
    const statements = await submit('internal', meterBody('FSM:99972'), 'meter-1')
    expect(statements).toHaveLength(EXPECTED.meter)
  })

  it('a meter test of a stored serial (its summary and re-test chain updated)', async () => {
    const statements = await submit('internal', meterBody('FSM:99971'), 'meter-2')
    expect(statements).toHaveLength(EXPECTED.meterStoredProduct)
  })

  it('a transformer test with its test equipment', async () => {
    await submit('supplier', transformerBody('NWT:4971'), 'transformer-warm')
    const statements = await submit('supplier', transformerBody('NWT:4972'), 'transformer-1')
    expect(statements).toHaveLength(EXPECTED.transformer)
  })

  it('a retry with the same Idempotency-Key reads its answer and stores nothing again', async () => {
    const statements = await submit('internal', meterBody('FSM:99972'), 'meter-1')
    expect(statements).toHaveLength(EXPECTED.retry)
    expect(statements.filter((s) => /(insert into|update) "?(records|products)\b/i.test(s))).toEqual([])
  })

  it('sees a record type changed by another writer at once (the kept definition is confirmed each time)', async () => {
    const db = server.database.db
    const mappings = sql`FROM entity_attributes
      WHERE table_name = 'DataPointTypes' AND entity_id = ${ids.meter} AND key = 'FieldMappings'`
    const [{ value }] = rowsOf<{ value: string }>(await db.execute(sql`SELECT value ${mappings}`))
    const changed = JSON.stringify({ ...JSON.parse(value), serialField: 'serialElsewhere' })
    // As another instance would: straight to the table, nothing in this process is told.
    await db.execute(sql`UPDATE entity_attributes SET value = ${changed} WHERE id = (SELECT id ${mappings})`)
    const refused = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: meterBody('FSM:99973'),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('serialElsewhere')
    await db.execute(sql`UPDATE entity_attributes SET value = ${value} WHERE id = (SELECT id ${mappings})`)
    await submit('internal', meterBody('FSM:99973'), 'meter-after-change')
  })
})
