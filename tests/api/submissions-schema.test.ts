import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { products, records, testEquipment } from '../../server/db/schema/index'
import { recordFixtures, type RecordFixtures, fixtureEquipment } from './records-fixtures'

/**
 * Submissions are checked with the data schema compiled from the record type's layout — the revision
 * the record is captured with (schemas/form-layout/data-schema.ts, the one the form runtime uses) — and
 * a refused record writes nothing.
 */
describe('{submission} data checked with the layout schema', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    equipmentId = await fixtureEquipment(server, fx)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const counts = async () =>
    Promise.all(
      [records, products, testEquipment].map(
        async (table) => (await db().select({ n: count() }).from(table))[0].n,
      ),
    )
  const post = (path: string, body: object) =>
    server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as: 'internal', body })
  const saveLayout = (recordTypeId: number, layout: FormLayout) =>
    server.call('meta', 'POST', `/api/DataPointTypes/attributes/${recordTypeId}`, {
      as: 'configurator',
      body: {
        key: RECORD_TYPE_ATTRIBUTES.layout,
        name: 'Data Entry Form',
        description: 'Data Entry Form',
        value: JSON.stringify(layout),
      },
    })
  const testBody = (data: Record<string, unknown>, drop: string[] = []) => {
    const all: Record<string, unknown> = {
      serial: 'NWT:501',
      testDate: '2026-03-01',
      equipment: [equipmentId],
      result: 'Pass',
      ratio: { value: 0.5, passOrFail: 'Pass' },
      ...data,
    }
    for (const key of drop) delete all[key]
    return { supplierId: fx.northwind, productTypeId: fx.transformer, recordTypeId: fx.types.test, data: all }
  }

  it.each([
    ['a value of the wrong type', { serial: 1234 }, [], 'Serial must be text.'],
    ['a missing required value', {}, ['serial'], 'Serial is required.'],
    ['an empty required value', { serial: '' }, [], 'Serial is required.'],
    [
      'too few test equipment (SPEC §5)',
      { equipment: [] },
      [],
      'At least 1 test equipment required for Test equipment used',
    ],
    [
      'no test equipment at all (SPEC §5)',
      {},
      ['equipment'],
      'At least 1 test equipment required for Test equipment used',
    ],
    [
      'a test field that is not {value, passOrFail}',
      { ratio: { value: 'high', passOrFail: 'Pass' } },
      [],
      'Ratio must be a test result: a value and Pass, Fail, - or n/a.',
    ],
    [
      'a date that is not a date',
      { testDate: '2026-02-30' },
      [],
      "Test date must be a date (yyyy-MM-dd, or an ISO 8601 date and time), not '2026-02-30'.",
    ],
  ])('refuses %s with its message and writes nothing', async (_, change, drop, message) => {
    const before = await counts()
    const res = await post('upload-single', testBody(change, drop))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(await counts()).toEqual(before)
  })

  it('lists every refused value of one record', async () => {
    const res = await post('upload-single', testBody({ serial: null, equipment: [] }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'Serial is required. At least 1 test equipment required for Test equipment used',
    )
    expect(res.json().details.map((d: { variable: string }) => d.variable)).toEqual(['serial', 'equipment'])
  })

  it('refuses a calibration frequency that is not an ISO 8601 duration, creating no test equipment', async () => {
    const before = await counts()
    const res = await post('calibration', {
      deviceOwnerId: fx.owner,
      recordTypeId: fx.types.calibration,
      data: {
        serial: 'EPN-TE:8',
        date: '2026-04-01',
        skip: false,
        house: fx.calibrator,
        frequency: 'twelve months',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      "Frequency must be an ISO 8601 duration such as P12M, with a value of 0 or more, not 'twelve months'.",
    )
    expect(await counts()).toEqual(before)
  })

  describe('the layout revision a record is captured with', () => {
    const problemLayout = (maxValues?: number): FormLayout => ({
      version: 2,
      title: 'Fixture problem',
      controls: [
        { type: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'datepicker', variable: 'date', label: 'Date' },
        {
          type: 'multiselect',
          variable: 'faultItems',
          label: 'Fault items',
          ...(maxValues ? { maxValues } : {}),
        },
        { type: 'multiselect', variable: 'repairItems', label: 'Repair items' },
        { type: 'multiselect', variable: 'faultDescriptives', label: 'Fault descriptives' },
        { type: 'multiselect', variable: 'repairDescriptives', label: 'Repair descriptives' },
      ],
    })
    const problem = (faultItems: string[]) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:502', date: '2026-05-01', faultItems, repairItems: ['Resealed'] },
    })
    const threeFaults = ['Oil leak', 'Rust', 'Noise']

    it('validates an edit against its own revision after the layout changed, and new records against the new one', async () => {
      expect((await saveLayout(fx.types.problem, problemLayout())).json().layoutRevision).toBe(1)
      const first = await post('upload-single', problem(threeFaults))
      expect(first.statusCode).toBe(200)
      const recordId = first.json().recordId

      // Revision 2 allows one fault item only: it would refuse the record above.
      expect((await saveLayout(fx.types.problem, problemLayout(1))).json().layoutRevision).toBe(2)
      const before = await counts()
      const fresh = await post('upload-single', problem(threeFaults))
      expect(fresh.statusCode).toBe(400)
      expect(fresh.json().message).toBe('Fault items allows at most 1 value.')
      expect(await counts()).toEqual(before)

      // The record captured with revision 1 is still checked against revision 1, and keeps it.
      const edit = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${recordId}`, {
        as: 'internal',
        body: problem([...threeFaults, 'Vibration']),
      })
      expect(edit.statusCode).toBe(200)
      const [record] = await db().select().from(records).where(eq(records.id, recordId))
      expect(record.layoutVersion).toBe(1)
      expect(record.faultItems).toBe('Oil leak, Rust, Noise, Vibration')

      // Revision 1's own rules still hold for it: a value of the wrong type is refused.
      const bad = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${recordId}`, {
        as: 'internal',
        body: problem('Oil leak' as unknown as string[]),
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe("Fault items must be a list of distinct values, not 'Oil leak'.")
    })
  })

  describe('n/a (SPEC §4, §9)', () => {
    const naLayout: FormLayout = {
      version: 2,
      title: 'Fixture test',
      controls: [
        { type: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
        { type: 'singletext', variable: 'bushing', label: 'Bushing serial' },
        { type: 'testEquipment', variable: 'equipment', label: 'Test equipment used', min: 1 },
        {
          type: 'group',
          variable: 'result',
          label: 'Tests',
          children: [
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'ratio',
              label: 'Ratio',
              min: 0,
              max: 1,
              required: true,
              naOption: true,
            },
          ],
        },
      ],
    }

    it("stores a required test sent as n/a ('-', as the form sends it) as '-', and the record reads back '-'", async () => {
      expect((await saveLayout(fx.types.test, naLayout)).statusCode).toBe(201)
      const res = await post(
        'upload-single',
        testBody({ serial: 'NWT:503', ratio: { value: null, passOrFail: '-' } }),
      )
      expect(res.statusCode).toBe(200)
      const detail = await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Record/${res.json().recordId}`,
        {
          as: 'internal',
        },
      )
      expect(detail.json().data.ratio).toEqual({ value: null, passOrFail: '-' })
      expect(detail.json().layoutVersion).toBe(1)
    })
  })

  describe('CSV rows', () => {
    const csvLayout: FormLayout = {
      version: 2,
      title: 'Fixture CSV',
      controls: [
        { type: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
        {
          type: 'group',
          variable: 'result',
          label: 'Result',
          children: [
            { type: 'testField', testType: 'numeric', variable: 'ratio', label: 'Ratio', min: 0, max: 1 },
          ],
        },
      ],
    }
    const upload = (csv: string) =>
      server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.csv,
          fileName: 'batch.csv',
          data: Buffer.from(csv).toString('base64'),
        },
      })
    beforeAll(async () => {
      expect((await saveLayout(fx.types.csv, csvLayout)).statusCode).toBe(201)
    })

    it('names the line and the field of every schema-invalid row, writing nothing', async () => {
      const before = await counts()
      const res = await upload(
        'serial,testDate,result,ratio\nNWT:601,01/03/2026,pass,0.5\nNWT:602,01/03/2026,pass,high\nNWT:603,31/02/2026,maybe,0.2\n',
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'The file was not uploaded: 2 of 3 rows have errors. Nothing was saved.',
      )
      expect(res.json().details).toEqual([
        { line: 3, reason: "Ratio must be a test result: a value and Pass, Fail, - or n/a, not 'high'." },
        {
          line: 4,
          reason:
            // A CSV cell is told the forms a CSV cell takes, not the JSON schema's.
            "Test date must be a date (DD/MM/YYYY or DD-MM-YYYY, with HH:mm if timed, or ISO 8601 such as 2024-05-01), not '31/02/2026'. Result must be Pass, Fail, - or n/a, not 'maybe'.",
        },
      ])
      expect(await counts()).toEqual(before)
    })

    it('stores the cells read as the form would store them', async () => {
      const res = await upload('serial,testDate,result,ratio\nNWT:604,01/03/2026 10:00,fail,1.5\n')
      expect(res.statusCode).toBe(200)
      const [record] = await db().select().from(records).where(eq(records.jobId, res.json().jobId))
      expect(record.data).toEqual({
        serial: 'NWT:604',
        testDate: '2026-03-01T10:00:00Z',
        result: 'Fail',
        ratio: { value: 1.5, passOrFail: 'Fail' },
      })
      expect(record.recordDate.toISOString()).toBe('2026-03-01T10:00:00.000Z')
      expect(record.testResult).toBe('fail')
    })
  })
})
