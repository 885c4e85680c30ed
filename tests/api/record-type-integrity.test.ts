import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { TABLE_NAMES } from '../../schemas/entities/attribute'
import { dataPointTypes, entityAttributes, records, recordTypeLayouts } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

const LAYOUT: FormLayout = {
  version: 2,
  title: 'Integrity test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
    { type: 'singletext', variable: 'notes', label: 'Notes' },
  ],
}
const MAPPINGS = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'notes' }
const NO_FORM = (name: string) =>
  `Record type "${name}" has no data entry form; a configurator must save its form before records can be captured.`
const CHANGED =
  'Someone else saved this record type since you opened it. Reload it to see their changes, then make yours again.'

/**
 * Audit s8 #4–#6: a form-capture type without a readable form stores nothing (409); a record type save
 * that names the layout revision it loaded (If-Match) is refused over a newer one (409); a layout that
 * drops a variable the stored mappings use is refused (SPEC §5, 400). Each refusal writes nothing.
 */
describe('record type integrity (audit s8 #4–#6)', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const formType = (name: string, layout: FormLayout | null = LAYOUT) =>
    recordType(server, name, 'Test', 'form', MAPPINGS, layout, [fx.transformer])
  const body = (recordTypeId: number, serial: string) => ({
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId,
    data: { serial, testDate: '2026-03-01', notes: 'pass' },
  })
  const submit = (b: object, query = '') =>
    server.call('submission', 'POST', `/api/InstrumentTest/upload-single/${query}`, {
      as: 'internal',
      body: b,
    })
  const meta = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, b?: object, ifMatch?: string) =>
    server.call('meta', method, `/api/DataPointTypes/${path}`, {
      as: 'configurator',
      body: b,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    })
  const attribute = (key: string, value: unknown) => ({
    key,
    name: key,
    description: key,
    value: JSON.stringify(value),
  })
  const layoutBody = (layout: FormLayout) => attribute(RECORD_TYPE_ATTRIBUTES.layout, layout)
  const stored = async (id: number) => {
    const attrs = await db()
      .select({ key: entityAttributes.key, value: entityAttributes.value })
      .from(entityAttributes)
      .where(and(eq(entityAttributes.tableName, TABLE_NAMES.recordType), eq(entityAttributes.entityId, id)))
      .orderBy(entityAttributes.key)
    const revisions = await db()
      .select({ revision: recordTypeLayouts.revision })
      .from(recordTypeLayouts)
      .where(eq(recordTypeLayouts.recordTypeId, id))
      .orderBy(recordTypeLayouts.revision)
    const [row] = await db().select().from(dataPointTypes).where(eq(dataPointTypes.id, id))
    return { row, attrs, revisions: revisions.map((r) => r.revision) }
  }

  describe('#4 a form-capture type without a readable form stores nothing', () => {
    it('refuses a JSON submission to a form type that never had a form (409)', async () => {
      const id = await formType('Never Had A Form', null)
      const before = await recordCount()
      const res = await submit(body(id, 'NWT:901'))
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json().message).toBe(NO_FORM('Never Had A Form'))
      expect(await recordCount()).toBe(before)
    })

    it('refuses new records and revisions once its form is deleted, and takes them again once saved', async () => {
      const id = await formType('Form Deleted')
      const first = await submit(body(id, 'NWT:902'))
      expect(first.statusCode, first.body).toBe(200)
      const recordId = first.json().recordId as number
      expect((await meta('DELETE', `attributes/${id}/DataEntryForm`)).statusCode).toBe(204)
      const before = await recordCount()
      for (const res of [
        await submit({ ...body(id, 'NWT:903'), data: { serial: 'NWT:903', bogus: '<script>' } }),
        await submit(body(id, 'NWT:902'), `?revisionOf=${recordId}`),
      ]) {
        expect(res.statusCode, res.body).toBe(409)
        expect(res.json().message).toBe(NO_FORM('Form Deleted'))
      }
      expect(await recordCount()).toBe(before)
      expect((await meta('POST', `attributes/${id}`, layoutBody(LAYOUT))).statusCode).toBe(201)
      expect((await submit(body(id, 'NWT:903'))).statusCode).toBe(200)
    })

    it('refuses an edit of a record whose form type lost its form, leaving the record as it was', async () => {
      const layout: FormLayout = {
        version: 2,
        title: 'Problem',
        controls: [
          { type: 'serial', variable: 'serial', label: 'Serial', required: true },
          { type: 'datepicker', variable: 'date', label: 'Date' },
          { type: 'multiselect', variable: 'faultItems', label: 'Fault items' },
        ],
      }
      const mappings = { serialField: 'serial', dateOfRecordField: 'date', faultItemsField: 'faultItems' }
      const id = await recordType(server, 'Problem Deleted', 'Problem Report', 'form', mappings, layout, [
        fx.transformer,
      ])
      const problem = (faultItems: string[]) => ({
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: id,
        data: { serial: 'NWT:906', date: '2026-06-01', faultItems },
      })
      const first = await submit(problem(['Oil leak']))
      expect(first.statusCode, first.body).toBe(200)
      const recordId = first.json().recordId as number
      expect((await meta('DELETE', `attributes/${id}/DataEntryForm`)).statusCode).toBe(204)
      const [kept] = await db().select().from(records).where(eq(records.id, recordId))
      const edit = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${recordId}`, {
        as: 'internal',
        body: problem(['not a fault item', 'x']),
      })
      expect(edit.statusCode, edit.body).toBe(409)
      expect(edit.json().message).toBe(NO_FORM('Problem Deleted'))
      expect((await db().select().from(records).where(eq(records.id, recordId)))[0]).toEqual(kept)
    })

    it.each([
      ['cannot be read', '{"controls": [', 'Form Unreadable'],
      ['has no controls', '{"version": 2, "title": "Empty", "controls": []}', 'Form Empty'],
    ])('refuses a form type whose stored form %s', async (_, value, name) => {
      const id = await formType(name)
      await db()
        .update(entityAttributes)
        .set({ value })
        .where(
          and(eq(entityAttributes.entityId, id), eq(entityAttributes.key, RECORD_TYPE_ATTRIBUTES.layout)),
        )
      const before = await recordCount()
      const res = await submit(body(id, 'NWT:904'))
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json().message).toBe(NO_FORM(name))
      expect(await recordCount()).toBe(before)
    })

    it('refuses a CSV upload to the form type, and still takes one for a file type without a layout', async () => {
      const id = await formType('Form CSV', null)
      const csv = (recordTypeId: number) =>
        server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
          as: 'internal',
          body: {
            supplierId: fx.northwind,
            productTypeId: fx.transformer,
            recordTypeId,
            fileName: 'b.csv',
            data: Buffer.from('serial,testDate,result\nNWT:905,01/03/2026,pass\n').toString('base64'),
          },
        })
      const before = await recordCount()
      const refused = await csv(id)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe('Record type Form CSV does not accept CSV uploads.')
      expect(await recordCount()).toBe(before)
      const file = await csv(fx.types.csv)
      expect(file.statusCode, file.body).toBe(200)
      expect(await recordCount()).toBe(before + 1)
    })
  })

  describe('#5 a save over a newer one is refused', () => {
    it("refuses the second configurator's save (409), writes nothing, and keeps answering callers without If-Match", async () => {
      const id = await formType('Two Editors', null)
      expect((await meta('POST', `attributes/${id}`, layoutBody(LAYOUT), '"0"')).json().layoutRevision).toBe(
        1,
      )
      const opened = (await meta('GET', `${id}`)).json()
      expect(opened.layoutRevision).toBe(1)
      const put = {
        name: 'Two Editors',
        sensorTypeId: 2,
        valueType: 'string',
        units: 'Test',
        description: 'd',
      }
      // B saves as the editor does: every write names revision 1, then the mappings the one it stored.
      expect((await meta('PUT', `${id}`, { ...put, name: 'Two Editors B' }, '"1"')).statusCode).toBe(204)
      expect((await meta('DELETE', `attributes/${id}/FieldMappings`, undefined, '"1"')).statusCode).toBe(204)
      expect((await meta('DELETE', `attributes/${id}/DataEntryForm`, undefined, '"1"')).statusCode).toBe(204)
      const withNote = { ...LAYOUT, title: 'B' }
      const saved = await meta('POST', `attributes/${id}`, layoutBody(withNote), '"1"')
      expect(saved.json()).toEqual({ id, key: 'DataEntryForm', layoutRevision: 2 })
      const mapped = await meta('POST', `attributes/${id}`, attribute('FieldMappings', MAPPINGS), '"2"')
      expect(mapped.statusCode).toBe(201)
      // A, who opened revision 1, saves after B: each write is refused and changes nothing.
      const after = await stored(id)
      for (const res of [
        await meta('PUT', `${id}`, { ...put, name: 'Two Editors A' }, '"1"'),
        await meta('DELETE', `attributes/${id}/FieldMappings`, undefined, '"1"'),
        await meta('POST', `attributes/${id}`, layoutBody({ ...LAYOUT, title: 'A' }), 'W/"1"'),
      ]) {
        expect(res.statusCode, res.body).toBe(409)
        expect(res.json().message).toBe(CHANGED)
      }
      expect(await stored(id)).toEqual(after)
      expect(after.row.name).toBe('Two Editors B')
      expect(after.revisions).toEqual([1, 2])
      // B saves again after its own save, naming the revision it stored.
      expect((await meta('PUT', `${id}`, { ...put, name: 'Two Editors B2' }, '"2"')).statusCode).toBe(204)
      // SPEC §7's callers send no If-Match (or '*'): last writer wins, as before.
      expect((await meta('PUT', `${id}`, put)).statusCode).toBe(204)
      expect((await meta('POST', `attributes/${id}`, layoutBody(LAYOUT), '*')).json().layoutRevision).toBe(3)
      expect((await meta('POST', `attributes/${id}`, layoutBody(LAYOUT))).json().layoutRevision).toBe(4)
    })

    it('refuses an If-Match that is not a revision (400), writing nothing', async () => {
      const id = await formType('Bad If-Match')
      const before = await stored(id)
      const res = await meta('POST', `attributes/${id}`, layoutBody(LAYOUT), '"abc"')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'The If-Match header must be the layout revision you loaded, in quotes, for example "3".',
      )
      expect(await stored(id)).toEqual(before)
    })
  })

  describe('#6 a layout must keep the variables the stored mappings use', () => {
    it("refuses a layout without a mapped variable with SPEC §5's message, writing nothing", async () => {
      const id = await formType('Mapped Serial')
      expect((await meta('POST', `attributes/${id}`, layoutBody(LAYOUT))).statusCode).toBe(201)
      const before = await stored(id)
      const noSerial = { ...LAYOUT, controls: LAYOUT.controls.slice(1) }
      const res = await meta('POST', `attributes/${id}`, layoutBody(noSerial))
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Variable "serial" not found in data entry form')
      expect(await stored(id)).toEqual(before)
      // The editor's order (mappings deleted first, layout, then mappings) still changes the mapping.
      expect((await meta('DELETE', `attributes/${id}/FieldMappings`)).statusCode).toBe(204)
      const renamed = {
        ...LAYOUT,
        controls: [{ ...LAYOUT.controls[0], variable: 'serialNo' }, ...LAYOUT.controls.slice(1)],
      }
      expect((await meta('POST', `attributes/${id}`, layoutBody(renamed as FormLayout))).statusCode).toBe(201)
      const mappings = attribute('FieldMappings', { ...MAPPINGS, serialField: 'serialNo' })
      expect((await meta('POST', `attributes/${id}`, mappings)).statusCode).toBe(201)
    })
  })
})
