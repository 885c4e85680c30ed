import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RATIO_TEST_CONTROLS } from '../../schemas/form-layout/rules-fixture'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { records } from '../../server/db/schema/index'
import { parameterValues } from '../../schemas/entities/test-parameter'
import { toServerData } from '../../runtime/pass-fail/results'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/** Issue #14 on the server: conditions and calculated values, judged by the same code as capture. */
const layout: FormLayout = {
  version: 2,
  title: 'Ratio test',
  controls: [
    { type: 'serial', id: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', id: 'date', variable: 'testDate', label: 'Test date' },
    ...RATIO_TEST_CONTROLS,
    { type: 'singletext', id: 'reading', variable: 'reading', label: 'Reading' },
    {
      type: 'multitext',
      id: 'high',
      variable: 'high',
      label: 'Why so high',
      visibleIf: { or: [{ '>': [{ var: 'param.ratio' }, 10] }, { '>': [{ var: 'reading' }, 10] }] },
      requiredIf: { '>=': [{ var: 'reading' }, 10] },
    },
    {
      type: 'multitext',
      id: 'nominal',
      variable: 'nominal',
      label: 'Remarks on the deviation',
      visibleIf: { '!!': { var: 'deviation' } },
    },
  ],
}

describe('{submission} conditions and calculated values (issue #14)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    typeId = await recordType(
      server,
      'Rules Test',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'tests' },
      null,
      [fx.transformer],
    )
    expect((await saveLayout(layout)).statusCode).toBe(201)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const saveLayout = (value: unknown) =>
    server.call('meta', 'POST', `/api/DataPointTypes/attributes/${typeId}`, {
      as: 'configurator',
      body: { key: RECORD_TYPE_ATTRIBUTES.layout, name: 'Data Entry Form', value: JSON.stringify(value) },
    })
  const submit = (data: Record<string, unknown>) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: typeId,
        data: { serial: 'NWT:601', testDate: '2026-07-01', ...data },
      },
    })

  it('a hidden failing test does not fail the group; the calculation and its test are stored as judged', async () => {
    const res = await submit({ classI: false, measured: '10.04' })
    expect(res.statusCode).toBe(200)
    const [row] = await db().select().from(records).where(eq(records.id, res.json().recordId))
    expect(row.testResult).toBe('pass')
    expect(row.data).toMatchObject({
      deviation: 0.4,
      deviationTest: { value: 0.4, passOrFail: 'Pass' },
      tests: 'Pass',
    })
    expect('earth' in row.data).toBe(false)
  })

  it('judges a shown test and the calculated deviation outside its limits as Fail', async () => {
    const res = await submit({ classI: true, earth: 0.05, measured: '10.2' })
    expect(res.statusCode).toBe(200)
    const [row] = await db().select().from(records).where(eq(records.id, res.json().recordId))
    expect(row.data).toMatchObject({ deviation: 2, deviationTest: { value: 2, passOrFail: 'Fail' } })
    expect(row.testResult).toBe('fail')
  })

  it.each([
    [
      'a forged calculated value',
      { classI: false, measured: '10.2', deviation: 0.1 },
      'deviation: its formula (measured - 10) / 10 * 100 gives 2, not 0.1.',
    ],
    [
      'a valueFrom test sent with another value',
      { classI: false, measured: '10.2', deviationTest: { value: 0.1, passOrFail: 'Pass' } },
      'deviationTest: its value comes from deviation (2), not 0.1.',
    ],
    [
      'a value for a control its condition hides',
      { classI: false, earth: 5, measured: '10' },
      'earth: it is hidden by its condition, so it takes no value.',
    ],
    [
      'a required test left empty while it is shown',
      { classI: true, measured: '10' },
      'Earth continuity is required.',
    ],
  ])('refuses %s with 400 naming the variable; nothing written', async (_, data, message) => {
    const before = await recordCount()
    const res = await submit(data)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(await recordCount()).toBe(before)
  })

  it("a deviation of 0 'has a value': the control it shows takes a value, as on the form", async () => {
    // JSON Logic's truthiness read 0 as empty: the server refused the remark as hidden.
    const data = { classI: false, measured: '10', nominal: 'exactly nominal' }
    expect('nominal' in toServerData(layout, data, {})).toBe(true)
    const ok = await submit(data)
    expect(ok.statusCode).toBe(200)
    const [row] = await db().select().from(records).where(eq(records.id, ok.json().recordId))
    expect(row.data).toMatchObject({ deviation: 0, nominal: 'exactly nominal' })
    // No measured ratio, no deviation: the remark is hidden and refused.
    const before = await recordCount()
    const hidden = await submit({ classI: false, nominal: 'no deviation yet' })
    expect(hidden.statusCode).toBe(400)
    expect(hidden.json().message).toBe('nominal: it is hidden by its condition, so it takes no value.')
    expect(await recordCount()).toBe(before)
  })

  it.each([
    ['0x10', false],
    ['0b1111', false],
    ['  ', false],
    [' 12 ', true],
  ])(
    'a condition on a parameter typed 0x10 and a text %j is judged as the SPA derives it (audit s9 S4)',
    async (reading, shown) => {
      const parameters = [{ key: 'ratio', value: '0x10', unit: null }]
      const put = await server.call('meta', 'PUT', `/api/assetmodels/${fx.transformer}/TestParameters`, {
        as: 'configurator',
        body: parameters,
      })
      expect(put.statusCode).toBe(204)
      const data = { classI: false, measured: '10', reading, high: 'typed anyway' }
      // What the SPA sends on Save: a control its condition hides sends no value.
      const sent = toServerData(layout, data, parameterValues(parameters))
      expect('high' in sent).toBe(shown)
      const ok = await submit(sent)
      expect(ok.statusCode).toBe(200)
      const [row] = await db().select().from(records).where(eq(records.id, ok.json().recordId))
      expect('high' in row.data).toBe(shown)
      // The server hides (or requires) it by the same reading of the numbers.
      const { high: _, ...without } = data
      const other = await submit(shown ? without : data)
      expect(other.statusCode).toBe(400)
      expect(other.json().message).toBe(
        shown ? 'Why so high is required.' : 'high: it is hidden by its condition, so it takes no value.',
      )
    },
  )

  it('refuses a layout whose formula or condition is broken, keeping the stored one', async () => {
    const broken = {
      ...layout,
      controls: [
        ...layout.controls,
        { type: 'calculated', id: 'bad', variable: 'bad', label: 'Bad', formula: 'ghost * 2' },
        { type: 'note', id: 'n', label: 'N', visibleIf: { '!!': { var: 'phantom' } } },
      ],
    }
    const res = await saveLayout(broken)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('names unknown variable \\"ghost\\"')
    expect(res.body).toContain('names unknown variable \\"phantom\\"')
    expect((await submit({ classI: false, measured: '10' })).statusCode).toBe(200)
  })
})
