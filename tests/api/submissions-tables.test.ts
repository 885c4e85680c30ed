import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RATIO_TABLE_CONTROLS, measuredRows } from '../../schemas/form-layout/table-fixture'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'
import { rejudgeRecords } from '../../server/submissions/rejudge'

/** Issue #14 on the server: measurement table cells judged by the same code as capture. */
const layout: FormLayout = {
  version: 2,
  title: 'Ratio test',
  controls: [
    { type: 'serial', id: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', id: 'date', variable: 'testDate', label: 'Test date' },
    ...RATIO_TABLE_CONTROLS,
  ],
}
type Row = Record<string, unknown>

describe('{submission} measurement tables (issue #14)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  let csvTypeId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    const mappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'ratioGroup' }
    typeId = await recordType(server, 'Table Test', 'Test', 'form', mappings, null, [fx.transformer])
    csvTypeId = await recordType(server, 'Table CSV', 'Test', 'file', mappings, layout, [fx.transformer])
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
  const submit = (ratios: unknown, serial = 'NWT:701') =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: typeId,
        data: { serial, testDate: '2026-07-01', nameplate: '10', ratios },
      },
    })

  it('judges every cell from its value and stores the table as judged rows; the group passes', async () => {
    const res = await submit(measuredRows([10.04, 9.98]))
    expect(res.statusCode).toBe(200)
    const row = await stored(res.json().recordId)
    const ratios = row.data.ratios as Row[]
    expect(ratios).toHaveLength(15)
    expect(ratios[1]).toEqual({
      measured: { value: 9.98, passOrFail: 'Pass' },
      deviation: -0.2,
      deviationTest: { value: -0.2, passOrFail: 'Pass' },
    })
    expect(row.data.ratioGroup).toBe('Pass')
    expect(row.testResult).toBe('pass')
  })

  it('rejudge finds a stored cell result that its value does not give, naming the cell', async () => {
    const res = await submit(measuredRows([10.04, 9.98]), 'NWT:778')
    const id = res.json().recordId as number
    const data = (await stored(id)).data as { ratios: Row[] }
    data.ratios[1] = { ...data.ratios[1], deviationTest: { value: -0.2, passOrFail: 'Fail' } }
    await db().update(records).set({ data }).where(eq(records.id, id))
    const report = await rejudgeRecords(db(), { apply: false, actor: { username: 'rejudge', view: 'cli' } })
    const finding = report.findings.find((f) => f.recordId === id)
    expect(finding?.problems.join(' ')).toContain('ratios[2].deviationTest')
  })

  it('one cell outside its limits fails the group and the record', async () => {
    const rows: Row[] = measuredRows([10])
    rows[7] = { measured: { value: 10.2, passOrFail: 'Pass' } }
    const res = await submit(rows)
    expect(res.statusCode).toBe(200)
    const row = await stored(res.json().recordId)
    expect((row.data.ratios as Row[])[7].deviationTest).toEqual({ value: 2, passOrFail: 'Fail' })
    expect(row.data.ratioGroup).toBe('Fail')
    expect(row.testResult).toBe('fail')
  })

  it.each([
    [
      'a cell result that disagrees with its value',
      (rows: Row[]) => (rows[2] = { measured: 10.2, deviationTest: { value: 2, passOrFail: 'Pass' } }),
      'ratios[3].deviationTest: 2 is outside −0.5..0.5, so its result is Fail, not Pass.',
    ],
    [
      'a forged calculated cell',
      (rows: Row[]) => (rows[4] = { measured: 10.2, deviation: 0.1 }),
      'ratios[5].deviation: its formula (measured - nameplate) / nameplate * 100 gives 2, not 0.1.',
    ],
    [
      'a cell of the wrong kind',
      (rows: Row[]) => (rows[0] = { measured: 10, winding: 'MV' }),
      'ratios[1].winding: must be one of HV, LV.',
    ],
    [
      'a cell that is no column of the table (audit)',
      (rows: Row[]) => (rows[1] = { measured: 10, junk: 'x' }),
      'ratios[2].junk: is not a column of this table.',
    ],
    [
      'a fixed table with a row too few',
      (rows: Row[]) => rows.pop(),
      'Ratio per tap and phase must have 15 rows, one per row label.',
    ],
  ])('refuses %s with 400 naming variable[row].column; nothing written', async (_, change, message) => {
    const before = await recordCount()
    const rows: Row[] = measuredRows([10])
    change(rows)
    const res = await submit(rows)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(await recordCount()).toBe(before)
  })

  it('answers 400, not 500, for a table that is not a list of rows', async () => {
    for (const ratios of ['lots', [1, 2], { a: 1 }]) {
      const res = await submit(ratios)
      expect(res.statusCode).toBe(400)
    }
  })

  it('reads CSV cells addressed as variable[row].column into the table and judges them', async () => {
    const csv =
      'serial,testDate,nameplate,ratios[1].measured,ratios[1].winding,ratios[2].measured,ratios[2].remark\n' +
      'NWT:702,2026-07-02,10,10.03,HV,10.3,tap changer stiff\n'
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: csvTypeId,
        fileName: 'ratios.csv',
        data: Buffer.from(csv).toString('base64'),
      },
    })
    expect(res.json()).toMatchObject({ records: 1 })
    const [row] = await db().select().from(records).where(eq(records.jobId, res.json().jobId))
    const ratios = row.data.ratios as Row[]
    expect(ratios).toHaveLength(15)
    expect(ratios[0]).toMatchObject({ winding: 'HV', deviationTest: { value: 0.3, passOrFail: 'Pass' } })
    expect(ratios[1]).toMatchObject({
      remark: 'tap changer stiff',
      deviationTest: { value: 3, passOrFail: 'Fail' },
    })
    expect(ratios[2].measured).toEqual({ value: null, passOrFail: '-' })
    expect(row.testResult).toBe('fail')
  })

  it('a CSV row with a bad cell is refused naming the cell and its line', async () => {
    const csv =
      'serial,testDate,nameplate,ratios[1].measured,ratios[1].deviation\nNWT:703,2026-07-02,10,10.1,7\n'
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: csvTypeId,
        data: Buffer.from(csv).toString('base64'),
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toEqual([
      {
        line: 2,
        reason: 'ratios[1].deviation: its formula (measured - nameplate) / nameplate * 100 gives 1, not 7.',
      },
    ])
  })

  it('refuses a layout whose table is broken, naming where', async () => {
    const [nameplate, group] = RATIO_TABLE_CONTROLS as [unknown, { children: Row[] }]
    const table = { ...group.children[0], minRows: 2 }
    const res = await saveLayout({ ...layout, controls: [nameplate, { ...group, children: [table] }] })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('has fixed row labels, so it takes no minRows or maxRows')
  })

  it('the Excel export flattens a table into variable[row].column columns with results', async () => {
    expect((await submit(measuredRows([10.04, 9.98]), 'NWT:777')).statusCode).toBe(200)
    const filter = { filters: [{ field: 'productSerialNumber', value: 'NWT:777' }] }
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/now/filter/${encodeURIComponent(JSON.stringify(filter))}`,
      { as: 'internal' },
    )
    expect(res.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Records')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
    expect(header).toEqual(
      expect.arrayContaining([
        'ratios result',
        'ratios[1].measured',
        'ratios[1].measured result',
        'ratios[15].remark',
      ]),
    )
    const first = (sheet.getRow(2).values as unknown[]).slice(1)
    const cell = (name: string) => first[header.indexOf(name)]
    expect([
      cell('ratios[1].measured'),
      cell('ratios[2].deviation'),
      cell('ratios[2].deviationTest result'),
    ]).toEqual([10.04, -0.2, 'Pass'])
  })

  it("keeps a table cell's n/a as 'n/a' (not '-', which in a table means unset): stored as judged", async () => {
    const naLayout: FormLayout = {
      version: 2,
      title: 'Ratio n/a test',
      controls: [
        { type: 'serial', id: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'datepicker', id: 'date', variable: 'testDate', label: 'Test date' },
        {
          type: 'table',
          id: 'taps',
          variable: 'taps',
          label: 'Taps',
          rowLabels: ['A', 'B'],
          columns: [
            {
              type: 'testField',
              id: 'c-ratio',
              variable: 'ratio',
              label: 'Ratio',
              testType: 'numeric',
              min: 9,
              max: 11,
              naOption: true,
            },
          ],
        },
      ],
    }
    const mappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'taps' }
    const naTypeId = await recordType(server, 'Table n/a', 'Test', 'form', mappings, naLayout, [
      fx.transformer,
    ])
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: naTypeId,
        data: {
          serial: 'NWT:779',
          testDate: '2026-07-01',
          taps: [{ ratio: { value: null, passOrFail: 'n/a' } }, { ratio: 10 }],
        },
      },
    })
    expect(res.statusCode).toBe(200)
    const row = await stored(res.json().recordId)
    expect(row.testResult).toBe('pass')
    // Before, the cell was stored as { value: null, passOrFail: '-' }: unset, so the table read as failed.
    expect(row.data.taps).toEqual([
      { ratio: { value: null, passOrFail: 'n/a' } },
      { ratio: { value: 10, passOrFail: 'Pass' } },
    ])
    const report = await rejudgeRecords(db(), { apply: false, actor: { username: 'rejudge', view: 'cli' } })
    expect(report.findings.find((f) => f.recordId === row.id)).toBeUndefined()
  })
})
