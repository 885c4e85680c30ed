import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RATIO_TABLE, measuredRows } from '../../schemas/form-layout/table-fixture'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/**
 * Audit s9 F8, F9, F11, F12 on the server: a huge value rounds without overflowing, a record result mapped
 * to a table is the table's, a claimed result's case does not matter, and a test field of an unknown test
 * type takes no value.
 */
const layout: FormLayout = {
  version: 2,
  title: 'Table result',
  controls: [
    { type: 'serial', id: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', id: 'date', variable: 'testDate', label: 'Test date' },
    { type: 'singletext', id: 'nameplate', variable: 'nameplate', label: 'Nameplate ratio' },
    { type: 'group', id: 'ratioGroup', variable: 'ratioGroup', label: 'Ratio test', children: [RATIO_TABLE] },
    { type: 'testField', id: 'visual', variable: 'visual', label: 'Visual', testType: 'passFail' },
    { type: 'testField', id: 'hue', variable: 'hue', label: 'Hue', testType: 'colour' as never },
    { type: 'testField', id: 'load', variable: 'load', label: 'Load', testType: 'numeric' },
    {
      type: 'calculated',
      id: 'margin',
      variable: 'margin',
      label: 'Margin',
      formula: 'load - 1',
      decimals: 2,
    },
  ],
}

describe('{submission} judging (audit s9)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    const mappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'ratios' }
    typeId = await recordType(server, 'Table Result', 'Test', 'form', mappings, null, [fx.transformer])
    expect((await saveLayout(layout)).statusCode).toBe(201)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const stored = async (id: number) => (await db().select().from(records).where(eq(records.id, id)))[0]
  const saveLayout = (value: unknown) =>
    server.call('meta', 'POST', `/api/DataPointTypes/attributes/${typeId}`, {
      as: 'configurator',
      body: { key: RECORD_TYPE_ATTRIBUTES.layout, name: 'Data Entry Form', value: JSON.stringify(value) },
    })
  let serial = 900
  const submit = (data: Record<string, unknown>) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: typeId,
        data: { serial: `NWT:${serial++}`, testDate: '2026-07-01', nameplate: '10', ...data },
      },
    })
  const passing = measuredRows([10.01])

  it('F8: a value too large for its decimals is kept, not rounded to ±Infinity (top level and cells)', async () => {
    const res = await submit({ ratios: measuredRows([1e306]), load: 1e308 })
    expect(res.statusCode).toBe(200)
    const { data } = await stored(res.json().recordId)
    const rows = (data as { ratios: { deviation: number; deviationTest: { passOrFail: string } }[] }).ratios
    expect(rows[0].deviation).toBe(((1e306 - 10) / 10) * 100)
    expect(rows[0].deviationTest.passOrFail).toBe('Fail')
    expect((data as { margin: number }).margin).toBe(1e308)
  })

  it("F9: a record result mapped to a table is the table's own result, not the overall one", async () => {
    const pass = await submit({ ratios: passing, visual: { value: 'Fail', passOrFail: 'Fail' } })
    expect(pass.statusCode).toBe(200)
    expect((await stored(pass.json().recordId)).testResult).toBe('pass')
    const fail = await submit({ ratios: measuredRows([12]), visual: 'Pass' })
    expect(fail.statusCode).toBe(200)
    expect((await stored(fail.json().recordId)).testResult).toBe('fail')
  })

  it('F12: a claimed result in any case is read as its stored spelling, for a group, a test and a cell', async () => {
    const rows = passing.map((row, i) => (i === 0 ? { measured: { value: 10.01, passOrFail: 'pass' } } : row))
    const res = await submit({
      ratios: rows,
      ratioGroup: 'pass',
      visual: { value: 'Fail', passOrFail: 'FAIL' },
    })
    expect(res.statusCode).toBe(200)
    const data = (await stored(res.json().recordId)).data as Record<string, unknown>
    expect(data.ratioGroup).toBe('Pass')
    expect(data.visual).toEqual({ value: 'Fail', passOrFail: 'Fail' })
    expect((data.ratios as { measured: unknown }[])[0].measured).toEqual({ value: 10.01, passOrFail: 'Pass' })
    // A wrong claim in another case is still refused as wrong (named in its stored spelling).
    const wrong = await submit({ ratios: passing, ratioGroup: 'fail' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toContain(
      'ratioGroup: every test in it passed, so its result is Pass, not Fail.',
    )
  })

  it("F12: a cell's claim that is no result word is refused in the group's words", async () => {
    const before = await recordCount()
    const rows = passing.map((row, i) =>
      i === 0 ? { measured: { value: 10.01, passOrFail: 'maybe' } } : row,
    )
    const res = await submit({ ratios: rows })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('ratios[1].measured: must be Pass, Fail, - or n/a.')
    expect(await recordCount()).toBe(before)
  })

  it('F11: a test field of an unknown test type takes no value and no claimed result', async () => {
    const before = await recordCount()
    for (const hue of ['red', { value: 'red', passOrFail: 'Pass' }, { value: null, passOrFail: 'Pass' }]) {
      const res = await submit({ ratios: passing, hue })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('hue: A TestField was created here with an invalid test type.')
    }
    expect(await recordCount()).toBe(before)
    // Left out or unset, the rest of the record is captured as usual.
    expect((await submit({ ratios: passing })).statusCode).toBe(200)
    expect((await submit({ ratios: passing, hue: { value: null, passOrFail: '-' } })).statusCode).toBe(200)
  })

  it('F11: a layout whose test type is a known one in another case is refused on save', async () => {
    const slip = {
      ...layout,
      controls: layout.controls.map((c) => (c.id === 'visual' ? { ...c, testType: 'passfail' } : c)),
    }
    const res = await saveLayout(slip)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Test field visual has the test type "passfail"; test types are case-sensitive: write "passFail".',
    )
  })
})
