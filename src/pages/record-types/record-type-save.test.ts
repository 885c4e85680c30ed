import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecordType } from '../../../schemas/entities/record-type'
import type { FieldMappings, FormLayout } from '../../../schemas/form-layout'
import { ApiError } from '../../api/client'
import { recordTypesApi } from './record-types-api'
import { saveRecordType, type RecordTypeSave } from './record-type-save'

vi.mock('./record-types-api', () => ({
  recordTypesApi: { create: vi.fn(), update: vi.fn(), addAttribute: vi.fn(), deleteAttribute: vi.fn() },
}))
const api = vi.mocked(recordTypesApi)

const LAYOUT: FormLayout = {
  version: 2,
  title: 'Transformer Routine Test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial' },
    { type: 'datepicker', variable: 'testDate', label: 'Date' },
    { type: 'testField', testType: 'passFail', variable: 'result', label: 'Result' },
  ],
}
const MAPPINGS: FieldMappings = {
  serialField: 'serial',
  dateOfRecordField: 'testDate',
  resultField: 'result',
}
const original = {
  id: 4,
  name: 'Transformer Routine Test',
  sensorTypeId: 2,
  captureType: 'form',
  units: 'Test',
  valueType: 'string',
  layoutRevision: 2,
  attributes: [
    { key: 'DataEntryForm', value: JSON.stringify(LAYOUT) },
    { key: 'FieldMappings', value: JSON.stringify(MAPPINGS) },
  ],
} as unknown as RecordType

/** The layout with the serial control's variable renamed, and the mappings that follow it. */
const RENAMED = {
  layout: {
    ...LAYOUT,
    controls: [{ ...LAYOUT.controls[0], variable: 'serialNo' }, ...LAYOUT.controls.slice(1)],
  },
  mappings: { ...MAPPINGS, serialField: 'serialNo' },
} as { layout: FormLayout; mappings: FieldMappings }
/** Only a label changed: every mapped variable is still in the layout. */
const RELABELLED = {
  layout: {
    ...LAYOUT,
    controls: [{ ...LAYOUT.controls[0], label: 'Serial number' }, ...LAYOUT.controls.slice(1)],
  },
  mappings: MAPPINGS,
} as { layout: FormLayout; mappings: FieldMappings }

const fields = { name: 'Transformer Routine Test', captureType: 'form', category: 'Test' } as const
const saveOf = (doc: RecordTypeSave['doc'], id: number | null = 4): RecordTypeSave => ({
  id,
  created: { current: null },
  revision: { current: id == null ? null : 2 },
  original: id == null ? null : original,
  fields,
  doc,
})

/** Every call the save made, in order, as "METHOD key (If-Match revision)". */
let calls: string[]
const failing = new Map<string, Error>()
/** The layout revision the mocked server holds. */
let revision: number
function record(call: string) {
  calls.push(call)
  const error = failing.get(call)
  if (error) throw error
}

beforeEach(() => {
  vi.clearAllMocks()
  calls = []
  failing.clear()
  revision = 2
  api.create.mockImplementation(async () => (record('POST record type'), 12))
  api.update.mockImplementation(async (_id, _body, rev) => record(`PUT record type (${rev})`))
  api.deleteAttribute.mockImplementation(async (_id, key, rev) => record(`DELETE ${key} (${rev})`))
  api.addAttribute.mockImplementation(async (id, body, rev) => {
    record(`POST ${body.key} (${rev})`)
    if (body.key === 'DataEntryForm') revision += 1
    return { id, key: body.key, layoutRevision: revision }
  })
})

describe('saveRecordType: the order of the calls', () => {
  it('deletes and re-posts the layout, then deletes and re-posts the mappings, when the mappings still fit', async () => {
    await saveRecordType(saveOf(RELABELLED))
    expect(calls).toEqual([
      'PUT record type (2)',
      'DELETE DataEntryForm (2)',
      'POST DataEntryForm (2)',
      'DELETE FieldMappings (3)',
      'POST FieldMappings (3)',
    ])
  })

  it('deletes the mappings first when the new layout renames a mapped variable (the server refuses the layout otherwise)', async () => {
    await saveRecordType(saveOf(RENAMED))
    expect(calls).toEqual([
      'PUT record type (2)',
      'DELETE FieldMappings (2)',
      'DELETE DataEntryForm (2)',
      'POST DataEntryForm (2)',
      'POST FieldMappings (3)',
    ])
    expect(JSON.parse(api.addAttribute.mock.calls[1][1].value)).toEqual(RENAMED.mappings)
  })

  it('posts the layout, then the mappings, for a new record type', async () => {
    revision = 0
    await saveRecordType(saveOf(RELABELLED, null))
    expect(calls).toEqual(['POST record type', 'POST DataEntryForm (null)', 'POST FieldMappings (1)'])
  })
})

describe('saveRecordType: a save cut off part-way', () => {
  it('leaves the mappings untouched when it fails once the layout is stored, and says what is stored', async () => {
    failing.set('POST DataEntryForm (2)', new Error('Failed to fetch'))
    await expect(saveRecordType(saveOf(RELABELLED))).rejects.toThrow(
      'Failed to fetch. Already saved: the record type details; the rest is not. Correct this and Save again to finish; until then the record type has no data entry form.',
    )
    // Stopped before the mappings' DELETE: the stored mappings are as they were.
    expect(calls).toEqual(['PUT record type (2)', 'DELETE DataEntryForm (2)', 'POST DataEntryForm (2)'])
  })

  it('names the missing mappings when their re-post fails, and Save again completes the save', async () => {
    const save = saveOf(RELABELLED)
    failing.set('POST FieldMappings (3)', new Error('Network error'))
    await expect(saveRecordType(save)).rejects.toThrow(
      'Network error. Already saved: the record type details and the data entry form; the rest is not. Correct this and Save again to finish; until then the record type has no field mappings.',
    )
    failing.clear()
    calls = []
    await saveRecordType(save)
    expect(calls).toEqual([
      'PUT record type (3)',
      'DELETE DataEntryForm (3)',
      'POST DataEntryForm (3)',
      'DELETE FieldMappings (4)',
      'POST FieldMappings (4)',
    ])
  })

  it('names both attributes missing when the renaming save is cut off after the deletes', async () => {
    failing.set('POST DataEntryForm (2)', new Error('Network error'))
    await expect(saveRecordType(saveOf(RENAMED))).rejects.toThrow(
      'Network error. Already saved: the record type details; the rest is not. Correct this and Save again to finish; until then the record type has no field mappings and no data entry form.',
    )
  })

  it('names the new record type when its first attribute fails, and the retry updates it', async () => {
    const save = saveOf(RELABELLED, null)
    failing.set('POST DataEntryForm (null)', new Error('Network error'))
    await expect(saveRecordType(save)).rejects.toThrow(
      'Network error. Already saved: the new record type "Transformer Routine Test"; the rest is not. Correct this and Save again to finish.',
    )
    failing.clear()
    calls = []
    await saveRecordType(save)
    expect(calls[0]).toBe('PUT record type (null)')
    expect(api.create).toHaveBeenCalledTimes(1)
  })

  it('passes a refusal of the first write on unchanged: nothing was stored', async () => {
    const refusal = new ApiError('Someone else saved this record type since you opened it.', 409)
    failing.set('PUT record type (2)', refusal)
    await expect(saveRecordType(saveOf(RENAMED))).rejects.toBe(refusal)
    expect(calls).toEqual(['PUT record type (2)'])
  })
})
