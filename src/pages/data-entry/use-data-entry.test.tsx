import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client'
import { storeTokens } from '../../api/session-storage'
import { entriesOf, putEntry, readEntry, removeEntry } from '../../drafts/outbox-store'
import { dataEntryApi } from './data-entry-api'
import { DATA_ENTRY_TEXTS, noticeVariant } from './data-entry-load'
import { OWNER, SUPPLIER, testLayout, TYPES } from './data-entry-test-fixtures'
import { useDataEntry } from './use-data-entry'

vi.mock('./data-entry-api', () => ({
  dataEntryApi: {
    recordType: vi.fn(),
    layoutRevision: vi.fn(),
    record: vi.fn(),
    productTypes: vi.fn(),
    supplier: vi.fn(),
    owner: vi.fn(),
    parameters: vi.fn(),
    submit: vi.fn(),
  },
}))
const mocked = vi.mocked(dataEntryApi)

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/Home', url]} initialIndex={1}>
      {children}
    </MemoryRouter>
  )
  return renderHook(() => ({ c: useDataEntry(), location: useLocation() }), { wrapper })
}

beforeEach(() => {
  vi.resetAllMocks()
  mocked.recordType.mockImplementation(async (id) => TYPES[id])
  mocked.productTypes.mockResolvedValue([{ id: 10, name: 'Transformer', parent: null, attributes: [] }])
  mocked.supplier.mockResolvedValue(SUPPLIER)
  mocked.owner.mockResolvedValue(OWNER)
  mocked.submit.mockResolvedValue({ recordId: 99, message: 'ok' })
  mocked.parameters.mockResolvedValue({ own: [], resolved: [] })
})

const NEW_TEST = '/DataEntry?producttype=10&recordtype=1&supplier=5'

describe('useDataEntry', () => {
  it('starts a fresh entry empty and shows the layout title', async () => {
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    expect(result.current.c.title).toBe('Routine Test')
    expect(result.current.c.value).toEqual({
      serial: null,
      visual: false,
      result: 'Fail',
      ratio: null,
      notes: null,
    })
    expect(result.current.c.readOnly).toBe(false)
    expect(result.current.c.result).toBe('-')
  })

  it('shows Pass inside the limits and Fail outside for a Test record', async () => {
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    act(() =>
      result.current.c.onChange({
        ...result.current.c.value,
        ratio: { value: 0.2, passOrFail: 'Pass' },
        result: 'Pass',
      }),
    )
    expect(result.current.c.result).toBe('Pass')
    act(() =>
      result.current.c.onChange({
        ...result.current.c.value,
        ratio: { value: 0.9, passOrFail: 'Fail' },
        result: 'Fail',
      }),
    )
    expect(result.current.c.result).toBe('Fail')
  })

  it("asks for the product type's test parameters and gives them to the form as param values", async () => {
    mocked.parameters.mockResolvedValue({
      own: [],
      resolved: [{ key: 'ratioMax', value: '0.5', unit: '%', fromId: 10, fromName: 'Transformer' }],
    })
    // Asked only for a layout that reads parameters.
    const plain = setup(NEW_TEST)
    await waitFor(() => expect(plain.result.current.c.loading).toBe(false))
    expect(mocked.parameters).not.toHaveBeenCalled()
    const { result } = setup('/DataEntry?producttype=10&recordtype=5&supplier=5')
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    expect(mocked.parameters).toHaveBeenCalledWith(10, expect.anything())
    expect(result.current.c.parameters).toEqual([{ key: 'ratioMax', value: '0.5', unit: '%' }])
    expect(result.current.c.params).toEqual({ ratioMax: 0.5 })
  })

  it('checks serials: null, then false once entered, then true when in a supplier range', async () => {
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    expect(result.current.c.serialChecks).toEqual({ serial: null })
    act(() => result.current.c.onChange({ ...result.current.c.value, serial: 'NWT:9999' }))
    expect(result.current.c.serialChecks).toEqual({ serial: false })
    act(() => result.current.c.onChange({ ...result.current.c.value, serial: 'NWT:42' }))
    expect(result.current.c.serialChecks).toEqual({ serial: true })
  })

  it('refuses to save with the runtime messages and makes no call', async () => {
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    await act(() => result.current.c.save())
    expect(mocked.submit).not.toHaveBeenCalled()
    expect(Object.keys(result.current.c.fieldErrors)).toEqual(['serial'])
  })

  it('saves a Test record through upload-single, shows the summary, and Add Duplicate starts empty', async () => {
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    act(() =>
      result.current.c.onChange({
        ...result.current.c.value,
        serial: 'NWT:42',
        visual: true,
        ratio: { value: 0.1, passOrFail: 'Pass' },
        result: 'Pass',
      }),
    )
    await act(() => result.current.c.save())
    expect(mocked.submit).toHaveBeenCalledWith(
      'upload-single',
      {
        supplierId: 5,
        deviceOwnerId: null,
        productTypeId: 10,
        recordTypeId: 1,
        fileName: null,
        data: {
          serial: 'NWT:42',
          visual: true,
          ratio: { value: 0.1, passOrFail: 'Pass' },
          result: 'Pass',
          notes: null,
        },
      },
      undefined,
      // The outbox entry's Idempotency-Key (issue #18.2).
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      // A new record has no revision to name.
      undefined,
    )
    expect(result.current.c.summary).toEqual({ productTypeName: 'Transformer', recordTypeName: 'Test type' })
    act(() => result.current.c.addDuplicate())
    expect(result.current.c.summary).toBeNull()
    expect(result.current.c.value).toEqual({
      serial: null,
      visual: false,
      result: 'Fail',
      ratio: null,
      notes: null,
    })
    act(() => result.current.c.addNew())
    expect(result.current.location.pathname).toBe('/AddRecord')
  })

  it("a new record sends its layout's fields only; an edit sends back every field it loaded", async () => {
    // A draft kept under an earlier layout revision may hold a field this layout no longer has.
    const fresh = setup(NEW_TEST)
    await waitFor(() => expect(fresh.result.current.c.loading).toBe(false))
    act(() =>
      fresh.result.current.c.onChange({ ...fresh.result.current.c.value, serial: 'NWT:42', dropped: 'x' }),
    )
    await act(() => fresh.result.current.c.save())
    const sent = mocked.submit.mock.calls[0][1] as { data: Record<string, unknown> }
    expect(Object.keys(sent.data).sort()).toEqual(['notes', 'ratio', 'result', 'serial', 'visual'])
    fresh.unmount()

    // The server accepts the fields a stored record already holds (docs/decisions.md).
    mocked.record.mockResolvedValue({
      recordId: 50,
      recordTypeId: 3,
      productTypeId: 10,
      supplierId: 5,
      productSerialNumber: 'NWT:42',
      recordTypeName: 'Problem Report type',
      testResult: '-',
      recordDate: '2024-01-01T00:00:00Z',
      layoutVersion: 2,
      data: { serial: 'NWT:42', notes: 'old', legacy: 'kept' },
    })
    mocked.layoutRevision.mockResolvedValue({ layout: testLayout })
    const edited = setup('/DataEntry?record=50&edit=true')
    await waitFor(() => expect(edited.result.current.c.loading).toBe(false))
    await act(() => edited.result.current.c.save())
    expect(mocked.submit.mock.calls[1][0]).toBe('edit')
    expect((mocked.submit.mock.calls[1][1] as { data: Record<string, unknown> }).data).toMatchObject({
      legacy: 'kept',
    })
  })

  it('Despatch has no summary and clears only the serial group after save', async () => {
    const { result } = setup('/DataEntry?producttype=10&recordtype=2&supplier=5')
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    act(() => result.current.c.onChange({ jobNumber: 'J-1', itemSerial: 'NWT:7', itemNote: 'boxed' }))
    await act(() => result.current.c.save())
    expect(mocked.submit.mock.calls[0][0]).toBe('despatch')
    expect(result.current.c.summary).toBeNull()
    expect(result.current.c.value).toEqual({ jobNumber: 'J-1', itemSerial: null, itemNote: null })
    expect(result.current.c.notice).not.toBeNull()
  })

  it('shows an existing record read-only with its captured layout revision; Edit sets edit=true', async () => {
    mocked.record.mockResolvedValue({
      recordId: 50,
      recordTypeId: 3,
      productTypeId: 10,
      supplierId: 5,
      productSerialNumber: 'NWT:42',
      recordTypeName: 'Problem Report type',
      testResult: '-',
      recordDate: '2024-01-01T00:00:00Z',
      layoutVersion: 2,
      revision: 4,
      data: { serial: 'NWT:42', notes: 'old' },
    })
    mocked.layoutRevision.mockResolvedValue({ layout: { ...testLayout, title: 'Old revision' } })
    const { result } = setup('/DataEntry?record=50')
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    expect(mocked.layoutRevision).toHaveBeenCalledWith(3, 2, expect.anything())
    expect(result.current.c.title).toBe('Old revision')
    expect(result.current.c.readOnly).toBe(true)
    expect(result.current.c.value.notes).toBe('old')
    act(() => result.current.c.edit())
    expect(result.current.location.search).toBe('?record=50&edit=true')
    expect(result.current.c.readOnly).toBe(false)
    expect(result.current.c.value.notes).toBe('old')
    await act(() => result.current.c.save())
    expect(mocked.submit.mock.calls[0][0]).toBe('edit')
    expect(mocked.submit.mock.calls[0][2]).toBe(50)
    // The edit names the revision it was made on (If-Match), so a change made meanwhile is not overwritten.
    expect(mocked.submit.mock.calls[0][4]).toBe(4)
  })

  it("reopens a test stored as n/a ('-') with n/a on again", async () => {
    mocked.record.mockResolvedValue({
      recordId: 51,
      recordTypeId: 3,
      productTypeId: 10,
      supplierId: 5,
      productSerialNumber: 'NWT:43',
      recordTypeName: 'Test type',
      testResult: 'pass',
      recordDate: '2024-01-01T00:00:00Z',
      layoutVersion: 2,
      data: { serial: 'NWT:43', ratio: { value: null, passOrFail: '-' }, result: 'Pass' },
    })
    const naLayout = structuredClone(testLayout)
    Object.assign((naLayout.controls[2] as { children: object[] }).children[0], { naOption: true })
    mocked.layoutRevision.mockResolvedValue({ layout: naLayout })
    const { result } = setup('/DataEntry?record=51')
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    expect(result.current.c.value.ratio).toEqual({ value: null, passOrFail: 'n/a' })
  })

  it('Calibration posts to calibration with the owner and checks serials against its ranges', async () => {
    const { result } = setup('/DataEntry?recordtype=4&owner=7')
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    act(() => result.current.c.onChange({ ...result.current.c.value, serial: 'TE:5' }))
    expect(result.current.c.serialChecks).toEqual({ serial: true })
    await act(() => result.current.c.save())
    expect(mocked.submit.mock.calls[0][0]).toBe('calibration')
    expect(mocked.submit.mock.calls[0][1]).toMatchObject({
      deviceOwnerId: 7,
      supplierId: null,
      recordTypeId: 4,
    })
    expect(result.current.c.summary).toEqual({ productTypeName: null, recordTypeName: 'Calibration type' })
  })

  it("a record saved without a connection: the warning gives way to 'sent' once the outbox sent it", async () => {
    storeTokens({
      token: `e30.${btoa(JSON.stringify({ sub: 'walk14', ITRSubmitter: true }))}.sig`,
      expires: Math.floor(Date.now() / 1000) + 600,
      refresh_token: 'r',
    })
    // No answer: the gateway cannot reach the server (client.ts gives no status).
    mocked.submit.mockRejectedValue(new ApiError('Failed to fetch'))
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    act(() => result.current.c.onChange({ ...result.current.c.value, serial: 'NWT:42' }))
    await act(() => result.current.c.save())
    expect(result.current.c.notice).toBe(DATA_ENTRY_TEXTS.queued)
    const [kept] = await entriesOf('walk14')
    expect(kept.state).toBe('waiting')

    // The connection is back and the outbox sends it (outbox-sender.ts removes a sent entry).
    await act(() => removeEntry(kept.key))
    await waitFor(() =>
      expect(result.current.c.notice).toBe('The connection is back: the outbox sent the record.'),
    )
    expect(noticeVariant(result.current.c.notice)).toBe('success')

    // Two saved offline; one is sent, the other refused by the server: it stays in the outbox, and the
    // page says so once both are settled.
    for (const serial of ['NWT:43', 'NWT:44']) {
      act(() => result.current.c.onChange({ ...result.current.c.value, serial }))
      await act(() => result.current.c.save())
    }
    const [first, second] = await entriesOf('walk14')
    await act(async () => {
      await removeEntry(first.key)
      await new Promise((settled) => setTimeout(settled, 50))
    })
    // One sent, one still waiting: the warning stays.
    expect(result.current.c.notice).toBe(DATA_ENTRY_TEXTS.queued)
    await act(async () => putEntry({ ...(await readEntry(second.key))!, state: 'refused', message: 'No' }))
    await waitFor(() =>
      expect(result.current.c.notice).toBe(
        'The outbox sent 1 record; the server refused 1 record: open the Outbox to see why.',
      ),
    )
    expect(noticeVariant(result.current.c.notice)).toBe('warning')
    await removeEntry(second.key)
    localStorage.clear()
  })

  it('shows the server message as API Error and keeps the entry', async () => {
    mocked.submit.mockRejectedValue(new Error('Serial number NWT:42 is not within any serial range'))
    const { result } = setup(NEW_TEST)
    await waitFor(() => expect(result.current.c.loading).toBe(false))
    act(() => result.current.c.onChange({ ...result.current.c.value, serial: 'NWT:42' }))
    await act(() => result.current.c.save())
    expect(result.current.c.error).toBe('API Error: Serial number NWT:42 is not within any serial range')
    expect(result.current.c.summary).toBeNull()
    expect(result.current.c.value.serial).toBe('NWT:42')
  })
})
