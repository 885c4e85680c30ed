import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RecordListItem } from '../../../schemas/records'
import type { StoredSession } from '../../api/session-storage'
import { sessionAtom } from '../../session/session-atoms'
import { recordsApi } from './records-api'
import RecordsPage from './records-page'

// Walk s14: the records grid's Actions column cut at 1366 px, and 'My queue' saying 'Nothing waits for
// you' when it was another filter that hid the queue's records.

vi.mock('./records-api', () => ({ recordsApi: { page: vi.fn(), categories: vi.fn() } }))

const record = {
  recordId: 17,
  recordTypeId: 6,
  productSerialNumber: 'CRM:101',
  productTypeName: 'Ring Main Unit',
  recordTypeName: 'Ring Main Unit Commissioning Test',
  supplierName: 'Contoso Switchgear',
  testResult: 'pass',
  recordDate: '2026-11-26T10:00:00.000Z',
  reviewState: 'submitted',
  supersededById: null,
  captureType: 'form',
  category: 'test',
  suspect: null,
} as unknown as RecordListItem

/** The page's query parameters, shown so a test can read them. */
function Search() {
  return <output aria-label="Query">{useLocation().search}</output>
}

/** /Records as a reviewer reading every category; `rows` answers every page call. */
function show(url = '/Records', rows: RecordListItem[] = []) {
  vi.mocked(recordsApi.categories).mockRejectedValue(new Error('offline'))
  vi.mocked(recordsApi.page).mockResolvedValue({ totalCount: rows.length, result: rows })
  const store = createStore()
  store.set(sessionAtom, {
    view: 'internal',
    claims: { ITRReviewer: true },
    recordViewCategories: [1, 2, 3, 4],
  } as unknown as StoredSession)
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/Records"
            element={
              <>
                <RecordsPage />
                <Search />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  )
}

/** The filters of the newest page call. */
const sentFilters = () => vi.mocked(recordsApi.page).mock.lastCall?.[2].filters

const NOTHING_WAITS = /^Nothing waits for you: My queue lists the records submitted for review/
const QUEUE_FILTERED = 'No record in your queue matches these filters.'

afterEach(() => vi.clearAllMocks())

describe('/Records: My queue’s empty text (walk s14)', () => {
  it('says nothing waits when the queue itself is empty', async () => {
    show('/Records?queue=mine')
    expect(screen.getByRole('checkbox', { name: 'My queue' })).toBeChecked()
    expect(await screen.findByText(NOTHING_WAITS)).toBeVisible()
    expect(sentFilters()).toContainEqual({ field: 'queue', value: 'mine' })
  })

  it('says the filters hide the queue when a column filter, the category or Suspect only is set', async () => {
    show('/Records?queue=mine')
    await screen.findByText(NOTHING_WAITS)
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Filter by Serial' }), 'NWT')
    expect(await screen.findByText(QUEUE_FILTERED)).toBeVisible()
    expect(screen.queryByText(NOTHING_WAITS)).toBeNull()
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by Serial' }))
    expect(await screen.findByText(NOTHING_WAITS)).toBeVisible()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Test')
    expect(await screen.findByText(QUEUE_FILTERED)).toBeVisible()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All')
    expect(await screen.findByText(NOTHING_WAITS)).toBeVisible()

    await user.click(screen.getByRole('checkbox', { name: 'Suspect only' }))
    expect(await screen.findByText(QUEUE_FILTERED)).toBeVisible()
  })

  it('keeps the plain text without My queue, and the switch drops ?queue=mine when turned off', async () => {
    show('/Records?queue=mine')
    await screen.findByText(NOTHING_WAITS)
    await userEvent.click(screen.getByRole('checkbox', { name: 'My queue' }))
    expect(await screen.findByText('No records match these filters.')).toBeVisible()
    expect(screen.getByRole('status', { name: 'Query' })).toHaveTextContent(/^$/)
  })

  it('opens with My queue off without the parameter', async () => {
    show('/Records')
    expect(await screen.findByText('No records match these filters.')).toBeVisible()
    expect(screen.getByRole('checkbox', { name: 'My queue' })).not.toBeChecked()
    expect(sentFilters()).not.toContainEqual({ field: 'queue', value: 'mine' })
  })
})

describe('/Records: the Actions column fits the grid (walk s14)', () => {
  it('heads it whole and lets View and Certificate (PDF) stack rather than widen the grid', async () => {
    show('/Records', [record])
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Test')
    const grid = screen.getByRole('table', { name: 'Records' })
    const view = await within(grid).findByRole('link', { name: 'View record 17 of CRM:101' })
    const header = within(grid).getByRole('columnheader', { name: 'Actions' })
    // A fixed 150 px floor with the 197 px of buttons on one line made the Test grid 1,080 px in its
    // 1,002 px box at 1366 px: the column sat past the scroller's edge, its header cut to 'Ac'.
    expect(header.style.minWidth).toBe('')
    expect(view.parentElement).toHaveClass('flex-wrap')
    expect(within(view.parentElement!).getByRole('button', { name: /Certificate \(PDF\)/ })).toBeVisible()
    // The Date column no longer holds 150 px either: its day and time wrap where room is short.
    expect(within(grid).getByRole('columnheader', { name: /^Date/ }).style.width).toBe('')
  })
})
