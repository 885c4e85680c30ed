import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import type { RecordType } from '../../schemas/entities/record-type'
import { checkRecordType, type FieldMappings, type FormLayout } from '../../schemas/form-layout/index'
import {
  saveRecordTypeWith,
  type RecordTypeSave,
  type RecordTypeWriteCalls,
} from '../../src/pages/record-types/record-type-save-steps'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

const LAYOUT: FormLayout = {
  version: 2,
  title: 'Transformer Routine Test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
    { type: 'singletext', variable: 'notes', label: 'Notes' },
  ],
}
const MAPPINGS: FieldMappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'notes' }
/** The designer's rename of the mapped serial variable: the layout and the mappings that follow it. */
const RENAMED = {
  layout: {
    ...LAYOUT,
    controls: [{ ...LAYOUT.controls[0], variable: 'serialNo' }, ...LAYOUT.controls.slice(1)],
  },
  mappings: { ...MAPPINGS, serialField: 'serialNo' },
} as { layout: FormLayout; mappings: FieldMappings }
const NOT_FOUND = 'Variable "serial" not found in data entry form'

/**
 * Walk finding (rtsave): a record type save cut off after its first DELETE left the record type without
 * mappings. The editor now re-posts each attribute right after deleting it where the server allows it;
 * for a layout that renames a mapped variable it cannot (the server refuses that layout while the old
 * mappings are stored), so the mappings go first there. Either way the save ends consistent.
 */
describe('record type save order against the server (rtsave)', () => {
  let server: TestServer
  let fx: RecordFixtures
  const calls: string[] = []
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  const meta = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    body?: object,
    rev?: number | null,
  ) =>
    server.call('meta', method, `/api/DataPointTypes/${path}`, {
      as: 'configurator',
      body,
      headers: rev === undefined ? {} : { 'if-match': `"${rev ?? 0}"` },
    })
  /** The answer's JSON, or the server's message thrown as the SPA's client throws it. */
  const answer = async (what: string, res: Awaited<ReturnType<typeof meta>>) => {
    calls.push(`${what} ${res.statusCode}`)
    if (res.statusCode >= 300) throw new Error(res.json().message)
    return res.body ? res.json() : undefined
  }
  // The editor's own save (record-type-save-steps.ts), its calls made against this server.
  const api: RecordTypeWriteCalls = {
    create: async () => {
      throw new Error('not used')
    },
    update: async (id, body, rev) => answer('PUT', await meta('PUT', `${id}`, body, rev)),
    deleteAttribute: async (id, key, rev) =>
      answer(`DELETE ${key}`, await meta('DELETE', `attributes/${id}/${key}`, undefined, rev)),
    addAttribute: async (id, body, rev) =>
      answer(`POST ${body.key}`, await meta('POST', `attributes/${id}`, body, rev)),
  }
  const saveRecordType = (save: RecordTypeSave) => saveRecordTypeWith(api, save)
  beforeEach(() => {
    calls.length = 0
  })

  const load = async (id: number) => (await meta('GET', `${id}`)).json() as RecordType
  const saveOf = (original: RecordType, doc: RecordTypeSave['doc']): RecordTypeSave => ({
    id: original.id,
    created: { current: null },
    revision: { current: original.layoutRevision ?? null },
    original,
    fields: { name: original.name, captureType: 'form', category: 'Test' },
    doc,
  })
  const storedOf = (type: RecordType) => {
    const value = (key: string) => JSON.parse(type.attributes.find((a) => a.key === key)?.value ?? 'null')
    return { layout: value('DataEntryForm') as FormLayout, mappings: value('FieldMappings') as FieldMappings }
  }
  const submit = (recordTypeId: number, data: object) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: { supplierId: fx.northwind, productTypeId: fx.transformer, recordTypeId, data },
    })

  it('saves a layout that renames a mapped variable: mappings and layout stored match, and records are taken', async () => {
    const id = await recordType(server, 'Rename Save', 'Test', 'form', MAPPINGS, LAYOUT, [fx.transformer])
    await saveRecordType(saveOf(await load(id), RENAMED))
    expect(calls).toEqual([
      'PUT 204',
      'DELETE FieldMappings 204',
      'DELETE DataEntryForm 204',
      'POST DataEntryForm 201',
      'POST FieldMappings 201',
    ])
    const saved = await load(id)
    const stored = storedOf(saved)
    expect(stored.mappings).toEqual(RENAMED.mappings)
    expect(stored.layout.controls.map((c) => ('variable' in c ? c.variable : null))).toEqual([
      'serialNo',
      'testDate',
      'notes',
    ])
    expect(checkRecordType({ name: saved.name, captureType: 'form', category: 'Test', ...stored })).toEqual(
      [],
    )
    const res = await submit(id, { serialNo: 'NWT:971', testDate: '2026-03-01', notes: 'pass' })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('refuses the renaming layout while the old mappings are stored: why the mappings go first there', async () => {
    const id = await recordType(server, 'Rename Refused', 'Test', 'form', MAPPINGS, LAYOUT, [fx.transformer])
    await expect(
      (async () => {
        await api.deleteAttribute(id, 'DataEntryForm', 0)
        await api.addAttribute(
          id,
          { key: 'DataEntryForm', name: 'f', description: 'f', value: JSON.stringify(RENAMED.layout) },
          0,
        )
      })(),
    ).rejects.toThrow(NOT_FOUND)
    expect(calls).toEqual(['DELETE DataEntryForm 204', 'POST DataEntryForm 400'])
    expect(storedOf(await load(id)).mappings).toEqual(MAPPINGS)
  })

  it('re-posts the layout, then the mappings, each right after its delete, when the mappings still fit', async () => {
    const id = await recordType(server, 'Relabel Save', 'Test', 'form', MAPPINGS, LAYOUT, [fx.transformer])
    const layout = {
      ...LAYOUT,
      controls: [{ ...LAYOUT.controls[0], label: 'Serial number' }, ...LAYOUT.controls.slice(1)],
    }
    await saveRecordType(saveOf(await load(id), { layout, mappings: MAPPINGS }))
    expect(calls).toEqual([
      'PUT 204',
      'DELETE DataEntryForm 204',
      'POST DataEntryForm 201',
      'DELETE FieldMappings 204',
      'POST FieldMappings 201',
    ])
    const stored = storedOf(await load(id))
    expect(stored.mappings).toEqual(MAPPINGS)
    expect(stored.layout.controls[0]).toMatchObject({ variable: 'serial', label: 'Serial number' })
  })
})
