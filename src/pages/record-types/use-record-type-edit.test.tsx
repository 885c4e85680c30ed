import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import type * as RouterModule from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { addControl, updateControl } from '../../../designer/model'
import { FORM_LAYOUT_MESSAGES } from '../../../schemas/form-layout'
import { ApiError } from '../../api/client'
import { recordTypesApi } from './record-types-api'
import { useRecordTypeEdit } from './use-record-type-edit'

vi.mock('./record-types-api', () => ({
  recordTypesApi: {
    list: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
    addAttribute: vi.fn(),
    deleteAttribute: vi.fn(),
    productTypes: vi.fn(),
  },
}))
const navigate = vi.fn()
vi.mock('react-router-dom', async (original) => ({
  ...(await original<typeof RouterModule>()),
  useNavigate: () => navigate,
  // The unsaved-changes guard needs a data router; its own behaviour is checked in the E2E tests.
  useBlocker: () => ({ state: 'unblocked' }),
}))

const api = vi.mocked(recordTypesApi)
const M = FORM_LAYOUT_MESSAGES.recordType
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

const storedLayout = {
  version: 1,
  title: 'Routine',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial' },
    { type: 'datepicker', variable: 'testDate', label: 'Date' },
    { type: 'testField', testType: 'passFail', variable: 'result', label: 'Result' },
  ],
}
const storedMappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' }

async function open(id: number | null) {
  const hook = renderHook(() => useRecordTypeEdit(id), { wrapper })
  await waitFor(() => expect(hook.result.current.loading).toBe(false))
  return hook
}

beforeEach(() => {
  vi.clearAllMocks()
  api.productTypes.mockResolvedValue([{ id: 7, name: 'Bushing', parent: null, attributes: [] }] as never)
  api.get.mockResolvedValue({
    id: 4,
    name: 'Routine Test',
    sensorTypeId: 2,
    captureType: 'form',
    units: 'Test',
    valueType: 'string',
    layoutRevision: 2,
    attributes: [
      { key: 'DataEntryForm', value: JSON.stringify(storedLayout) },
      { key: 'FieldMappings', value: JSON.stringify(storedMappings) },
    ],
  } as never)
  api.create.mockResolvedValue(12)
  api.update.mockResolvedValue(undefined)
  api.deleteAttribute.mockResolvedValue(undefined)
  api.addAttribute.mockResolvedValue({ id: 4, key: 'FieldMappings', layoutRevision: null })
})

describe('record type editor controller', () => {
  it('starts a new record type as a file-captured Test (SPEC §4)', async () => {
    const { result } = await open(null)
    expect(result.current.fields).toEqual({ name: '', captureType: 'file', category: 'Test' })
  })

  it('forces form capture for Calibration, refuses file there, and fixes Problem Report fields', async () => {
    const { result } = await open(null)
    act(() => result.current.setCategory('Calibration'))
    expect(result.current.fields.captureType).toBe('form')
    act(() => result.current.setCaptureType('file'))
    expect(result.current.fields.captureType).toBe('form')
    act(() => result.current.setCategory('Problem Report'))
    expect(result.current.doc.mappings).toMatchObject({
      faultItemsField: 'faultItems',
      repairDescriptivesField: 'repairDescriptives',
    })
    act(() => result.current.setCaptureType('file'))
    expect(result.current.fields.captureType).toBe('file')
  })

  it('shows the SPEC §5 messages on save and makes no call', async () => {
    const { result } = await open(null)
    await act(() => result.current.save())
    expect(result.current.messagesFor('name')).toEqual([M.nameRequired])
    expect(result.current.messagesFor('serialField')).toEqual([M.fieldRequired('Serial Field')])
    expect(result.current.messagesFor('resultField')).toEqual([M.fieldRequired('Test Result Field')])
    act(() => result.current.setName('x'.repeat(51)))
    expect(result.current.messagesFor('name')).toEqual([M.nameTooLong])
    act(() => {
      result.current.setName('Routine')
      result.current.setCaptureType('form')
      result.current.setMapping('serialField', 'serial')
      result.current.setMapping('dateOfRecordField', 'd')
      result.current.setMapping('resultField', 'r')
      result.current.addComponent()
    })
    expect(result.current.messagesFor('layout')).toEqual([M.noForm])
    expect(result.current.messagesFor('components.0.productType')).toEqual([M.componentProductType])
    expect(result.current.messagesFor('components.0.serialField')).toEqual([M.componentSerialField])
    act(() => {
      result.current.store.apply((d) => addControl(d, 'singletext', [], 0))
      result.current.store.apply((d) => addControl(d, 'singletext', [], 1))
      result.current.store.apply((d) => updateControl(d, [1], { variable: 'singletext1' }))
    })
    expect(result.current.messagesFor('serialField')).toEqual([M.variableNotFound('serial')])
    expect(result.current.messagesFor('layout')).toEqual([M.duplicateVariable('singletext1')])
    expect(api.create).not.toHaveBeenCalled()
  })

  it('flags a mapped variable the layout lacks while typing (form capture only)', async () => {
    const { result } = await open(4)
    expect(result.current.missingVariable('serial')).toBeNull()
    expect(result.current.missingVariable('gone')).toBe(M.variableNotFound('gone'))
    act(() => result.current.setCaptureType('file'))
    expect(result.current.missingVariable('gone')).toBeNull()
  })

  it('opens the stored design and saves: update, delete both attributes, layout then mappings', async () => {
    const { result } = await open(4)
    expect(result.current.fields).toEqual({ name: 'Routine Test', captureType: 'form', category: 'Test' })
    expect(result.current.variables).toEqual(['serial', 'testDate', 'result'])
    // The as-found / as-left mappings of a Calibration offer only tests and groups (issue #15.3).
    expect(result.current.resultVariables).toEqual(['result'])
    act(() => result.current.store.apply((d) => updateControl(d, [0], { variable: 'serialNo' })))
    // Renaming a variable carries the mapping with it.
    expect(result.current.doc.mappings.serialField).toBe('serialNo')
    await act(() => result.current.save())
    expect(api.update).toHaveBeenCalledWith(
      4,
      {
        name: 'Routine Test',
        sensorTypeId: 2,
        valueType: 'string',
        units: 'Test',
        description: 'description',
      },
      2,
    )
    // Every write names the layout revision it loaded (If-Match, audit s8 #5). The renamed variable is
    // mapped: the stored mappings go first, or the server would refuse the layout that lacks 'serial'.
    expect(api.deleteAttribute.mock.calls).toEqual([
      [4, 'FieldMappings', 2],
      [4, 'DataEntryForm', 2],
    ])
    const posted = api.addAttribute.mock.calls.map(([, body, revision]) => [body.key, revision])
    expect(posted).toEqual([
      ['DataEntryForm', 2],
      ['FieldMappings', 2],
    ])
    expect(JSON.parse(api.addAttribute.mock.calls[1][1].value)).toEqual({
      ...storedMappings,
      serialField: 'serialNo',
    })
    expect(navigate).toHaveBeenCalledWith('/RecordTypes')
  })

  it('creates a new record type and goes to the list with success=true', async () => {
    const { result } = await open(null)
    act(() => {
      result.current.setName('Batch')
      result.current.setMapping('serialField', 'Serial')
      result.current.setMapping('dateOfRecordField', 'Date')
      result.current.setMapping('resultField', 'Result')
    })
    await act(() => result.current.save())
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Batch', sensorTypeId: 1, units: 'Test' }),
    )
    // A file capture with no controls keeps no layout; the mappings are posted.
    expect(api.addAttribute.mock.calls.map(([id, body]) => [id, body.key])).toEqual([[12, 'FieldMappings']])
    expect(navigate).toHaveBeenCalledWith('/RecordTypes?success=true')
  })

  it("shows the server's message as 'API Error: …' and stays on the page", async () => {
    api.addAttribute.mockRejectedValueOnce(new Error('Variable "x" not found in data entry form'))
    const { result } = await open(4)
    await act(() => result.current.save())
    // The layout's POST failed after its DELETE: the banner says what is stored and what is missing now.
    expect(result.current.error).toBe(
      'API Error: Variable "x" not found in data entry form. Already saved: the record type details; the rest is not. Correct this and Save again to finish; until then the record type has no data entry form.',
    )
    expect(navigate).not.toHaveBeenCalled()
  })

  it("shows a 409 lost-update refusal, writes nothing more, and keeps the user's design (audit s8 #5)", async () => {
    const refusal =
      'Someone else saved this record type since you opened it. Reload it to see their changes, then make yours again.'
    api.update.mockRejectedValueOnce(new ApiError(refusal, 409))
    const { result } = await open(4)
    act(() => result.current.store.apply((d) => updateControl(d, [0], { variable: 'serialNo' })))
    await act(() => result.current.save())
    expect(result.current.error).toBe(`API Error: ${refusal}`)
    expect(api.deleteAttribute).not.toHaveBeenCalled()
    expect(api.addAttribute).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    expect(result.current.doc.mappings.serialField).toBe('serialNo')
    expect(result.current.dirty).toBe(true)
  })

  it("counts the JSON view's edit that is not applied as unsaved, and Save refuses it by name (audit finding 2)", async () => {
    const { result } = await open(4)
    expect(result.current.dirty).toBe(false)
    const typed = JSON.stringify(result.current.doc.layout).replace('"label":"Serial"', '"lable":"Serial"')
    act(() => void result.current.store.replaceLayoutJson(typed))
    expect(result.current.dirty).toBe(true)
    await act(() => result.current.save())
    expect(result.current.issues.length).toBeGreaterThan(0)
    expect(result.current.messagesFor('layout')).toEqual(
      expect.arrayContaining([
        'The JSON view holds an edit that is not applied: serial: unknown property "lable"',
      ]),
    )
    expect(api.update).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    act(() => result.current.store.discardJsonDraft())
    expect(result.current.dirty).toBe(false)
    expect(result.current.messagesFor('layout')).toEqual([])
  })

  it('counts a variable typed in the inspector that is not valid yet as unsaved, and Save names it (audit finding 3)', async () => {
    const { result } = await open(4)
    const id = result.current.doc.layout.controls[2].id!
    act(() => result.current.store.setVariableDraft(id, '9volt'))
    expect(result.current.dirty).toBe(true)
    await act(() => result.current.save())
    expect(result.current.messagesFor('layout')).toEqual([
      '"Result" (result): Use letters, digits and _ only, not starting with a digit.',
    ])
    expect(api.update).not.toHaveBeenCalled()
  })

  it('sends the revision its own layout save stored with the next write, so a retry is not refused', async () => {
    api.addAttribute
      .mockResolvedValueOnce({ id: 4, key: 'DataEntryForm', layoutRevision: 3 })
      .mockRejectedValueOnce(new Error('The field mapping is not valid: / x'))
    const { result } = await open(4)
    await act(() => result.current.save())
    expect(result.current.error).toBe(
      'API Error: The field mapping is not valid: / x. Already saved: the record type details and the data entry form; the rest is not. Correct this and Save again to finish; until then the record type has no field mappings.',
    )
    // The mappings after the layout already named revision 3; so does every write of the retry.
    expect(api.addAttribute.mock.calls.map((c) => c[2])).toEqual([2, 3])
    vi.clearAllMocks()
    api.update.mockResolvedValue(undefined)
    api.deleteAttribute.mockResolvedValue(undefined)
    api.addAttribute.mockImplementation(async (_id, body) => ({ id: 4, key: body.key, layoutRevision: 4 }))
    await act(() => result.current.save())
    expect(api.update.mock.calls[0][2]).toBe(3)
    // The layout first (its DELETE and POST name 3), then the mappings' DELETE and POST name 4.
    expect(api.deleteAttribute.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      ['DataEntryForm', 3],
      ['FieldMappings', 4],
    ])
    expect(api.addAttribute.mock.calls.map((c) => c[2])).toEqual([3, 4])
    expect(navigate).toHaveBeenCalledWith('/RecordTypes')
  })
})
