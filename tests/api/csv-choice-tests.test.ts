import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { jobs, records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/**
 * Audit walk-csv #1: a choice test (Pass/Fail, Yes/No, a selection) takes only its own answers — any other
 * text was stored as an answer judged Fail. The data schema refuses it, for a CSV cell and a JSON
 * submission alike, naming what the test accepts. #6: a record type the product type does not offer
 * refuses a CSV file once, before its rows are read.
 */
const layout: FormLayout = {
  version: 2,
  title: 'Choice tests',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    {
      type: 'group',
      variable: 'result',
      label: 'Checks',
      children: [
        { type: 'testField', testType: 'numeric', variable: 'ratio', label: 'Ratio', min: 0, max: 1 },
        { type: 'testField', testType: 'passFail', variable: 'creepTest', label: 'No-load creep' },
        { type: 'testField', testType: 'yesNo', variable: 'sealed', label: 'Seal intact', naOption: true },
        {
          type: 'testField',
          testType: 'selection',
          variable: 'finish',
          label: 'Finish',
          choices: ['Good', 'Marginal', 'Poor'],
          passChoice: 'Good',
        },
      ],
    },
  ],
}

describe('{submission} choice tests take only their answers (audit walk-csv #1, #6)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let csvType: number
  let formType: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    const mappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' }
    csvType = await recordType(server, 'Choice CSV', 'Test', 'file', mappings, layout, [fx.transformer])
    formType = await recordType(server, 'Choice Form', 'Test', 'form', mappings, layout, [fx.transformer])
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  /** Records and jobs stored so far. */
  const stored = async () => [
    (await db().select({ n: count() }).from(records))[0].n,
    (await db().select({ n: count() }).from(jobs))[0].n,
  ]
  const upload = (csv: string, productTypeId = fx.transformer, recordTypeId = csvType) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId,
        recordTypeId,
        fileName: 'batch.csv',
        data: Buffer.from(csv).toString('base64'),
      },
    })
  let serial = 700
  const submit = (data: Record<string, unknown>) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: formType,
        data: { serial: `NWT:${serial++}`, testDate: '2026-03-01', ...data },
      },
    })
  const HEADER = 'serial,testDate,result,ratio,creepTest,sealed,finish'
  const dataOf = async (jobId: number) =>
    (await db().select().from(records).where(eq(records.jobId, jobId)).orderBy(records.id)).map(
      (r) => r.data as Record<string, unknown>,
    )

  it('refuses a CSV cell that is not one of the answers, naming the answers and the cell, storing nothing', async () => {
    const before = await stored()
    const res = await upload(
      `${HEADER}\n` +
        'NWT:601,01/05/2024,,0.2,maybe,yes,good\n' +
        'NWT:602,01/05/2024,fail,0.2,pas,Yes,Good\n' +
        // The result column says pass: the cell is refused as a cell, not as a result that disagrees.
        'NWT:603,01/05/2024,pass,0.2,maybe,Yes,Good\n' +
        'NWT:604,01/05/2024,,0.2,Pass,si,Good\n' +
        'NWT:605,01/05/2024,,0.2,Pass,Yes,Excellent\n',
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The file was not uploaded: 5 of 5 rows have errors. Nothing was saved.')
    expect(res.json().details).toEqual([
      { line: 2, reason: "No-load creep must be Pass or Fail, not 'maybe'." },
      { line: 3, reason: "No-load creep must be Pass or Fail, not 'pas'." },
      { line: 4, reason: "No-load creep must be Pass or Fail, not 'maybe'." },
      { line: 5, reason: "Seal intact must be Yes or No, not 'si'." },
      { line: 6, reason: "Finish must be Good, Marginal or Poor, not 'Excellent'." },
    ])
    // A refused row keeps its failed job, as every row refusal does; no record.
    expect(await stored()).toEqual([before[0], before[1] + 1])
  })

  it('stores the answers in any case, n/a, - and empty cells, as the form stores them', async () => {
    const res = await upload(
      `${HEADER}\n` +
        'NWT:611,01/05/2024,pass,0.2,PASS,yes,GOOD\n' +
        'NWT:612,01/05/2024,,0.2,fail,n/a,marginal\n' +
        'NWT:613,01/05/2024,,0.2,-,-,\n',
    )
    expect(res.statusCode).toBe(200)
    expect(await dataOf(res.json().jobId)).toEqual([
      {
        serial: 'NWT:611',
        testDate: '2024-05-01',
        result: 'Pass',
        ratio: { value: 0.2, passOrFail: 'Pass' },
        creepTest: { value: 'Pass', passOrFail: 'Pass' },
        sealed: { value: 'Yes', passOrFail: 'Pass' },
        finish: { value: 'Good', passOrFail: 'Pass' },
      },
      {
        serial: 'NWT:612',
        testDate: '2024-05-01',
        result: 'Fail',
        ratio: { value: 0.2, passOrFail: 'Pass' },
        creepTest: { value: 'Fail', passOrFail: 'Fail' },
        sealed: { value: null, passOrFail: '-' },
        finish: { value: 'Marginal', passOrFail: 'Fail' },
      },
      {
        serial: 'NWT:613',
        testDate: '2024-05-01',
        result: 'Fail',
        ratio: { value: 0.2, passOrFail: 'Pass' },
        creepTest: null,
        sealed: { value: null, passOrFail: '-' },
        finish: null,
      },
    ])
  })

  it('reads n/a or - in the result column as no claim: the judged result is stored, even a Fail', async () => {
    const res = await upload(
      `${HEADER}\n` +
        'NWT:621,01/05/2024,n/a,0.2,Pass,Yes,Good\n' +
        'NWT:622,01/05/2024,n/a,5,Pass,Yes,Good\n' +
        'NWT:623,01/05/2024,-,5,Pass,Yes,Good\n',
    )
    expect(res.statusCode).toBe(200)
    const rows = await db()
      .select()
      .from(records)
      .where(eq(records.jobId, res.json().jobId))
      .orderBy(records.id)
    expect(rows.map((r) => [r.testResult, (r.data as Record<string, unknown>).result])).toEqual([
      ['pass', 'Pass'],
      ['fail', 'Fail'],
      ['fail', 'Fail'],
    ])
  })

  it('refuses a form or API submission whose choice test holds another value, storing nothing', async () => {
    const before = await stored()
    const cases: [Record<string, unknown>, string][] = [
      [
        { creepTest: { value: 'maybe', passOrFail: 'Fail' } },
        "No-load creep must be Pass or Fail, not 'maybe'.",
      ],
      // A bare value is judged and then checked like any other.
      [{ creepTest: 'maybe' }, "No-load creep must be Pass or Fail, not 'maybe'."],
      // The JSON answer is the form's own spelling: the form never sends another case.
      [{ sealed: { value: 'yes', passOrFail: 'Fail' } }, "Seal intact must be Yes or No, not 'yes'."],
      [
        { finish: { value: 'Excellent', passOrFail: 'Fail' } },
        "Finish must be Good, Marginal or Poor, not 'Excellent'.",
      ],
      [{ finish: { value: 3, passOrFail: 'Fail' } }, 'Finish must be Good, Marginal or Poor.'],
    ]
    for (const [data, message] of cases) {
      const res = await submit(data)
      expect(res.statusCode, JSON.stringify(data)).toBe(400)
      expect(res.json().message).toBe(message)
    }
    expect((await stored())[0]).toBe(before[0])
  })

  it('takes what the form stores: each answer, n/a as -, unset, and numbers for a numeric test', async () => {
    const ok = await submit({
      ratio: { value: 0.5, passOrFail: 'Pass' },
      creepTest: { value: 'Fail', passOrFail: 'Fail' },
      sealed: { value: null, passOrFail: '-' },
      finish: { value: 'Poor', passOrFail: 'Fail' },
      result: 'Fail',
    })
    expect(ok.statusCode).toBe(200)
    const [record] = await db().select().from(records).where(eq(records.id, ok.json().recordId))
    expect(record.data).toMatchObject({
      creepTest: { value: 'Fail', passOrFail: 'Fail' },
      sealed: { value: null, passOrFail: '-' },
      finish: { value: 'Poor', passOrFail: 'Fail' },
    })
    for (const data of [
      { creepTest: 'Pass', sealed: 'No', finish: 'Good' },
      { creepTest: null, sealed: null, finish: { value: null, passOrFail: '-' } },
      { creepTest: { value: '', passOrFail: '-' } },
    ]) {
      const res = await submit(data)
      expect(res.statusCode, `${JSON.stringify(data)}: ${res.body}`).toBe(200)
    }
  })

  it('refuses a file whose record type the product type does not offer once, before reading its rows (#6)', async () => {
    const before = await stored()
    const rows = Array.from({ length: 50 }, (_, i) => `NWT:${800 + i},01/05/2024,,0.2,Pass,Yes,Good`)
    // The Fixture CSV type is offered for the transformer only.
    const res = await upload(`${HEADER}\n${rows.join('\n')}\n`, fx.ringMainUnit, fx.types.csv)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Record type Fixture CSV is not a record type of product type Ring Main Unit.',
    )
    expect(res.json().details).toBeUndefined()
    // Refused as a whole file: no job, no record.
    expect(await stored()).toEqual(before)
  })
})
