import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { products, records, testEquipment } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures, fixtureEquipment } from './records-fixtures'

const SIMPLE_LAYOUT: FormLayout = {
  version: 2,
  title: 'Simple test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
    { type: 'singletext', variable: 'notes', label: 'Notes' },
  ],
}

/**
 * A JSON submission's data holds the record type's fields only (docs/decisions.md "Record data holds the
 * form's fields"): a layout variable or a mapped field, else 400 naming it and nothing stored, as the CSV
 * header is checked. A type without a layout stores what it is sent; an edit (PUT) or a revision
 * (`?revisionOf=`) keeps the fields the record it edits or revises already holds.
 */
describe('{submission} data fields outside the layout', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  /** A form-capture Test type with the simple layout, offered for the Northwind and Contoso products. */
  let simple: number
  /** A file-capture Test type with the simple layout whose mappings also read `parentSerial`. */
  let mappedOnly: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    equipmentId = await fixtureEquipment(server, fx)
    simple = await recordType(
      server,
      'Simple Test',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate' },
      SIMPLE_LAYOUT,
      [fx.transformer, fx.ringMainUnit],
    )
    mappedOnly = await recordType(
      server,
      'Mapped Only Test',
      'Test',
      'file',
      { serialField: 'serial', dateOfRecordField: 'testDate', parentSerialField: 'parentSerial' },
      SIMPLE_LAYOUT,
      [fx.transformer],
    )
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const counts = async () =>
    Promise.all(
      [records, products, testEquipment].map(
        async (table) => (await db().select({ n: count() }).from(table))[0].n,
      ),
    )
  const post = (path: string, body: object, as: 'internal' | 'supplier' = 'internal') =>
    server.call('submission', 'POST', `/api/InstrumentTest/${path}`, { as, body })
  const put = (id: number, body: object) =>
    server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, { as: 'internal', body })
  const stored = async (id: number) =>
    (await db().select({ data: records.data }).from(records).where(eq(records.id, id)))[0].data
  /** A record stored before the rule: its data holds `legacyNote`, which no layout has. */
  const holdLegacyNote = (id: number) =>
    db()
      .update(records)
      .set({ data: sql`${records.data} || '{"legacyNote":"stored before"}'::jsonb` })
      .where(eq(records.id, id))
  const simpleBody = (serial: string, data: Record<string, unknown> = {}, supplierId = fx.northwind) => ({
    supplierId,
    productTypeId: supplierId === fx.northwind ? fx.transformer : fx.ringMainUnit,
    recordTypeId: simple,
    data: { serial, testDate: '2026-03-01', ...data },
  })
  const problemBody = (data: Record<string, unknown> = {}) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.problem,
    data: { serial: 'NWT:801', date: '2026-03-01', faultItems: ['Oil leak'], ...data },
  })
  const despatchBody = (serial: string, data: Record<string, unknown> = {}) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.despatch,
    data: { serial, date: '2026-02-01', job: 'JOB-9', customer: 'Acme Utilities', ...data },
  })

  it.each([
    [
      'a Test',
      'upload-single',
      () => ({
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial: 'NWT:701',
          testDate: '2026-03-01',
          equipment: [equipmentId],
          ratio: { value: 0.5, passOrFail: 'Pass' },
          bogus: 'x',
          other: 1,
        },
      }),
    ],
    ['a Problem Report', 'upload-single', () => problemBody({ bogus: 'x', other: 1 })],
    ['a Despatch', 'despatch', () => despatchBody('NWT:702', { bogus: 'x', other: 1 })],
    [
      'a Calibration',
      'calibration',
      () => ({
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:8', date: '2026-04-01', skip: true, bogus: 'x', other: 1 },
      }),
    ],
  ])('refuses %s naming each unknown field, and stores nothing', async (_, path, body) => {
    const before = await counts()
    const res = await post(path, body())
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Unknown fields in the record data: bogus, other')
    expect(await counts()).toEqual(before)
  })

  it('names the first 20 unknown fields and counts the rest, an empty name as (no name) (audit)', async () => {
    const junk = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`junk${i + 1}`, i]))
    const res = await post('despatch', despatchBody('NWT:703', { '': 'x', ...junk }))
    expect(res.statusCode).toBe(400)
    const names = ['(no name)', ...Array.from({ length: 19 }, (_, i) => `junk${i + 1}`)]
    expect(res.json().message).toBe(`Unknown fields in the record data: ${names.join(', ')} and 11 more`)
  })

  it('accepts a field the mappings read that is no layout variable, and still refuses others', async () => {
    const body = {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: mappedOnly,
      data: { serial: 'NWT:703', testDate: '2026-03-01', parentSerial: 'NWT:9' },
    }
    const ok = await post('upload-single', body)
    expect(ok.statusCode).toBe(200)
    expect(await stored(ok.json().recordId)).toMatchObject({ parentSerial: 'NWT:9' })
    const before = await counts()
    const refused = await post('upload-single', { ...body, data: { ...body.data, bogus: 'x' } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Unknown fields in the record data: bogus')
    // No control checks a mapped-only column: it holds a cell value, not a list or an object (audit).
    for (const parentSerial of [{ deep: ['x'] }, ['NWT:9']]) {
      const shaped = await post('upload-single', { ...body, data: { ...body.data, parentSerial } })
      expect(shaped.statusCode).toBe(400)
      expect(shaped.json().message).toBe('The field parentSerial must be text, a number or empty.')
    }
    expect(await counts()).toEqual(before)
  })

  it('stores the extra fields of a record type without a layout (it has no list of variables)', async () => {
    const res = await post('upload-single', {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.csv,
      data: { serial: 'NWT:704', testDate: '2026-03-01', result: 'Pass', anything: 'kept' },
    })
    expect(res.statusCode).toBe(200)
    expect(await stored(res.json().recordId)).toMatchObject({ anything: 'kept' })
  })

  it('a Problem Report PUT keeps a field the record already holds; a new unknown one is refused', async () => {
    const created = await post('upload-single', problemBody())
    expect(created.statusCode).toBe(200)
    const id = created.json().recordId as number
    await holdLegacyNote(id)
    // The form sends back every field it loaded, the legacy one included.
    const edited = await put(id, problemBody({ legacyNote: 'edited', repairItems: ['Replaced gasket'] }))
    expect(edited.statusCode).toBe(200)
    expect(await stored(id)).toMatchObject({ legacyNote: 'edited', repairItems: ['Replaced gasket'] })
    const before = await stored(id)
    const refused = await put(id, problemBody({ legacyNote: 'again', bogus: 'x' }))
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Unknown fields in the record data: bogus')
    expect(await stored(id)).toEqual(before)
  })

  it('a ?revisionOf= submission carries forward the fields the revised record holds', async () => {
    const original = await post('despatch', despatchBody('NWT:705'))
    expect(original.statusCode).toBe(200)
    const id = original.json().recordId as number
    await holdLegacyNote(id)
    const before = await counts()
    const fresh = await post('despatch', despatchBody('NWT:705', { legacyNote: 'carried' }))
    expect(fresh.statusCode).toBe(400)
    expect(fresh.json().message).toBe('Unknown fields in the record data: legacyNote')
    expect(await counts()).toEqual(before)
    const revised = await post(
      `despatch?revisionOf=${id}`,
      despatchBody('NWT:705', { legacyNote: 'carried', bogus: 'x' }),
    )
    expect(revised.statusCode).toBe(400)
    expect(revised.json().message).toBe('Unknown fields in the record data: bogus')
    const ok = await post(`despatch?revisionOf=${id}`, despatchBody('NWT:705', { legacyNote: 'carried' }))
    expect(ok.statusCode).toBe(200)
    expect(await stored(ok.json().recordId)).toMatchObject({ legacyNote: 'carried' })
  })

  it('a ?revisionOf= revision keeps a variable an earlier layout revision had and the current one lacks', async () => {
    const withVoltage: FormLayout = {
      ...SIMPLE_LAYOUT,
      controls: [...SIMPLE_LAYOUT.controls, { type: 'singletext', variable: 'voltage', label: 'Voltage' }],
    }
    const saveLayout = (layout: FormLayout) =>
      server.call('meta', 'POST', `/api/DataPointTypes/attributes/${simple}`, {
        as: 'configurator',
        body: {
          key: RECORD_TYPE_ATTRIBUTES.layout,
          name: 'Data Entry Form',
          description: 'Data Entry Form',
          value: JSON.stringify(layout),
        },
      })
    expect((await saveLayout(withVoltage)).statusCode).toBeLessThan(300)
    const original = await post('upload-single', simpleBody('NWT:706', { voltage: '11 kV' }))
    expect(original.statusCode).toBe(200)
    expect((await saveLayout(SIMPLE_LAYOUT)).statusCode).toBeLessThan(300)
    const id = original.json().recordId as number
    const fresh = await post('upload-single', simpleBody('NWT:706', { voltage: '33 kV' }))
    expect(fresh.statusCode).toBe(400)
    expect(fresh.json().message).toBe('Unknown fields in the record data: voltage')
    const revised = await post(`upload-single?revisionOf=${id}`, simpleBody('NWT:706', { voltage: '33 kV' }))
    expect(revised.statusCode).toBe(200)
    expect(await stored(revised.json().recordId)).toMatchObject({ voltage: '33 kV' })
  })

  it('a ?revisionOf= of a record of another record type is refused, carrying nothing (audit s10 h1-1)', async () => {
    const other = await post('despatch', despatchBody('NWT:707'))
    expect(other.statusCode).toBe(200)
    await holdLegacyNote(other.json().recordId)
    const before = await counts()
    const res = await post(
      `upload-single?revisionOf=${other.json().recordId}`,
      simpleBody('NWT:707', { legacyNote: 'carried' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `Record ${other.json().recordId} is of another record type: a revision is stored with the record type of the record it revises.`,
    )
    expect(await counts()).toEqual(before)
  })

  it('a ?revisionOf= of a record the caller cannot read carries nothing (404, nothing stored)', async () => {
    // The demo supplier user is Northwind's: a Contoso record is not theirs to read, a Northwind one is.
    const theirs = await post('upload-single', simpleBody('CRM:708', {}, fx.contoso))
    const own = await post('upload-single', simpleBody('NWT:708'))
    expect([theirs.statusCode, own.statusCode]).toEqual([200, 200])
    await holdLegacyNote(theirs.json().recordId)
    await holdLegacyNote(own.json().recordId)
    const before = await counts()
    const denied = await post(
      `upload-single?revisionOf=${theirs.json().recordId}`,
      simpleBody('NWT:708', { legacyNote: 'carried' }),
      'supplier',
    )
    expect(denied.statusCode).toBe(404)
    expect(denied.json().message).toBe(`Record ${theirs.json().recordId} does not exist`)
    expect(await counts()).toEqual(before)
    const allowed = await post(
      `upload-single?revisionOf=${own.json().recordId}`,
      simpleBody('NWT:708', { legacyNote: 'carried' }),
      'supplier',
    )
    expect(allowed.statusCode).toBe(200)
  })
})
