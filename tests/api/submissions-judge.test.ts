import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { products, records } from '../../server/db/schema/index'
import { rejudgeRecords } from '../../server/submissions/rejudge'
import { recordFixtures, recordType, TEST_LAYOUT, type RecordFixtures } from './records-fixtures'

/** Issue #12: the server judges every record; a result that disagrees with the values is refused. */
describe('{submission} the server judges every record', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    const calibration = await post('calibration', {
      deviceOwnerId: fx.owner,
      recordTypeId: fx.types.calibration,
      data: {
        serial: 'EPN-TE:77',
        date: '2026-01-15T09:00:00Z',
        description: 'Ratio meter',
        tag: '',
        location: fx.ownerLocation,
        skip: true,
        house: fx.calibrator,
        frequency: 'P12M',
      },
    })
    expect(calibration.statusCode).toBe(200)
    equipmentId = calibration.json().testEquipmentId
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const counts = async () =>
    Promise.all([records, products].map(async (t) => (await db().select({ n: count() }).from(t))[0].n))
  const post = (path: string, body: object) =>
    server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as: 'internal', body })
  const testBody = (data: Record<string, unknown>) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.test,
    data: { serial: 'NWT:301', testDate: '2026-03-01T10:00:00Z', equipment: [equipmentId], ...data },
  })
  const saveLayout = (recordTypeId: number, layout: FormLayout) =>
    server.call('meta', 'POST', `/api/DataPointTypes/attributes/${recordTypeId}`, {
      as: 'configurator',
      body: { key: RECORD_TYPE_ATTRIBUTES.layout, name: 'Data Entry Form', value: JSON.stringify(layout) },
    })

  it('refuses a forged Pass on a numeric test with the variable, value, limits and result; nothing written', async () => {
    const before = await counts()
    const res = await post(
      'upload-single',
      testBody({ ratio: { value: 5, passOrFail: 'Pass' }, result: 'Fail' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('ratio: 5 is outside 0..1, so its result is Fail, not Pass.')
    expect(await counts()).toEqual(before)
  })

  it('refuses a forged group result naming the test that did not pass; nothing written', async () => {
    const before = await counts()
    const res = await post(
      'upload-single',
      testBody({ ratio: { value: 1.2, passOrFail: 'Fail' }, result: 'Pass' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('result: ratio did not pass, so its result is Fail, not Pass.')
    expect(await counts()).toEqual(before)
  })

  it('stores a values-only submission with the computed results; the product status follows', async () => {
    const res = await post('upload-single', testBody({ serial: 'NWT:302', ratio: 1.01 }))
    expect(res.statusCode).toBe(200)
    const [record] = await db().select().from(records).where(eq(records.id, res.json().recordId))
    expect(record.data).toMatchObject({ ratio: { value: 1.01, passOrFail: 'Fail' }, result: 'Fail' })
    expect(record.testResult).toBe('fail')
    const [product] = await db().select().from(products).where(eq(products.id, res.json().productId))
    expect(product.currentStatus).toBe('fail')

    const passing = await post('upload-single', testBody({ serial: 'NWT:303', ratio: { value: 1 } }))
    const [stored] = await db().select().from(records).where(eq(records.id, passing.json().recordId))
    expect(stored.data).toMatchObject({ ratio: { value: 1, passOrFail: 'Pass' }, result: 'Pass' })
    expect(stored.testResult).toBe('pass')
  })

  it('refuses a whole CSV file with one forged row, naming its line', async () => {
    // The fixture's test type is captured by form; a file-capture type with the same layout takes CSV.
    const fileTest = await recordType(
      server,
      'Judged CSV',
      'Test',
      'file',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' },
      TEST_LAYOUT,
      [fx.transformer],
    )
    const before = await counts()
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fileTest,
        fileName: 'judged.csv',
        data: Buffer.from(
          `serial,testDate,equipment,ratio,result\nNWT:311,01/03/2026,${equipmentId},0.5,pass\nNWT:312,01/03/2026,${equipmentId},0.5,fail\nNWT:313,01/03/2026,${equipmentId},0.9,\n`,
        ).toString('base64'),
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toEqual([
      { line: 3, reason: 'result: every test in it passed, so its result is Pass, not Fail.' },
    ])
    expect(await counts()).toEqual(before)
  })

  it('re-judges a Problem Report PUT against the layout revision the record was captured with', async () => {
    const layout = (max: number): FormLayout => ({
      version: 2,
      title: 'Judged problem',
      controls: [
        { type: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'datepicker', variable: 'date', label: 'Date' },
        { type: 'multiselect', variable: 'faultItems', label: 'Fault items' },
        { type: 'testField', testType: 'numeric', variable: 'leak', label: 'Leak rate', min: 0, max },
      ],
    })
    const typeId = await recordType(
      server,
      'Judged Problem',
      'Problem Report',
      'form',
      { serialField: 'serial', dateOfRecordField: 'date', faultItemsField: 'faultItems' },
      null,
      [fx.transformer],
    )
    expect((await saveLayout(typeId, layout(1))).statusCode).toBe(201)
    const body = (leak: object) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: typeId,
      data: { serial: 'NWT:321', date: '2026-06-01T08:00:00Z', faultItems: ['Oil leak'], leak },
    })
    const created = await post('upload-single', body({ value: 0.5, passOrFail: 'Pass' }))
    expect(created.statusCode).toBe(200)
    const id = created.json().recordId
    // A later revision tightens the limit; the record keeps being judged by its own revision.
    expect((await saveLayout(typeId, layout(0.1))).statusCode).toBe(201)
    const put = (leak: object) =>
      server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
        as: 'internal',
        body: body(leak),
      })
    const [before] = await db().select().from(records).where(eq(records.id, id))
    const forged = await put({ value: 2, passOrFail: 'Pass' })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().message).toBe('leak: 2 is outside 0..1, so its result is Fail, not Pass.')
    const [unchanged] = await db().select().from(records).where(eq(records.id, id))
    expect(unchanged.data).toEqual(before.data)
    expect((await put({ value: 0.6, passOrFail: 'Pass' })).statusCode).toBe(200)
    const [edited] = await db().select().from(records).where(eq(records.id, id))
    expect(edited.data).toMatchObject({ leak: { value: 0.6, passOrFail: 'Pass' } })
    expect(edited.layoutVersion).toBe(before.layoutVersion)
  })

  it('rejudge --dry-run lists a record stored with a wrong verdict, and --apply corrects it with an audit row', async () => {
    const res = await post('upload-single', testBody({ serial: 'NWT:331', ratio: 0.4 }))
    const id = res.json().recordId as number
    // A verdict written behind the server's back (an old build, a script): a failing value stored as Pass.
    const [row] = await db().select().from(records).where(eq(records.id, id))
    await db()
      .update(records)
      .set({ data: { ...row.data, ratio: { value: 7, passOrFail: 'Pass' } } })
      .where(eq(records.id, id))
    const actor = { username: 'rejudge', view: 'cli' }
    const dry = await rejudgeRecords(db(), { apply: false, actor })
    expect(dry.findings.map((f) => f.recordId)).toEqual([id])
    expect(dry.findings[0]).toMatchObject({
      storedResult: 'pass',
      judgedResult: 'fail',
      problems: [
        'result: ratio did not pass, so its result is Fail, not Pass',
        'ratio: 7 is outside 0..1, so its result is Fail, not Pass',
      ],
    })
    const [untouched] = await db().select().from(records).where(eq(records.id, id))
    expect(untouched.testResult).toBe('pass')

    const applied = await rejudgeRecords(db(), { apply: true, actor })
    expect(applied.findings.map((f) => f.recordId)).toEqual([id])
    const [fixed] = await db().select().from(records).where(eq(records.id, id))
    expect(fixed.testResult).toBe('fail')
    expect(fixed.data).toMatchObject({ ratio: { value: 7, passOrFail: 'Fail' }, result: 'Fail' })
    const history = await server.call('config', 'GET', `/api/Audit/record/${id}`, {
      as: 'internal',
    })
    expect(JSON.stringify(history.json())).toContain('rejudge')
    expect((await rejudgeRecords(db(), { apply: false, actor })).findings).toEqual([])
  })
})
