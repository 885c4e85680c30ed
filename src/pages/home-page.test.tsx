import { render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Claims, RoleView } from '../../schemas/roles'
import type { StoredSession } from '../api/session-storage'
import { sessionAtom } from '../session/session-atoms'
import HomePage from './home-page'
import { recordsApi } from './records/records-api'

// Walk s14: a reviewer's or approver's Home had no way to their review queue.

vi.mock('./records/records-api', () => ({ recordsApi: { page: vi.fn() } }))

function show(claims: Claims, view: RoleView = 'internal', waiting: number | Error = 2) {
  if (waiting instanceof Error) vi.mocked(recordsApi.page).mockRejectedValue(waiting)
  else vi.mocked(recordsApi.page).mockResolvedValue({ totalCount: waiting, result: [] })
  const store = createStore()
  store.set(sessionAtom, { view, claims, recordViewCategories: [1, 2, 3, 4] } as unknown as StoredSession)
  render(
    <Provider store={store}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </Provider>,
  )
}

afterEach(() => vi.clearAllMocks())

describe('Home: Review queue (walk s14)', () => {
  it('shows a reviewer how many records wait and links to /Records with My queue on', async () => {
    show({ ITRReviewer: true })
    expect(screen.getByRole('heading', { name: 'Review queue' })).toBeVisible()
    expect(
      screen.getByText('Records waiting for your review, and your rejected records to amend.'),
    ).toBeVisible()
    expect(await screen.findByText('2 records wait for you.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Open my queue' })).toHaveAttribute('href', '/Records?queue=mine')
    // One record of the queue's list, as /Records asks for it (superseded records hidden): its totalCount.
    const [page, size, filter] = vi.mocked(recordsApi.page).mock.calls[0]
    expect([page, size]).toEqual([0, 1])
    expect(filter.filters).toEqual([
      { field: 'queue', value: 'mine' },
      { field: 'superseded', value: 'false' },
    ])
  })

  it('speaks to an approver of approval, and says when nothing waits', async () => {
    show({ ITRApprover: true }, 'internal', 0)
    expect(
      screen.getByText('Records waiting for your approval, and your rejected records to amend.'),
    ).toBeVisible()
    expect(await screen.findByText('Nothing waits for you now.')).toBeVisible()
  })

  it('says one record in the singular, and both steps to an admin', async () => {
    show({ IsAdmin: true }, 'viewAll', 1)
    expect(screen.getByText(/waiting for your review or approval/)).toBeVisible()
    expect(await screen.findByText('1 record waits for you.')).toBeVisible()
  })

  it('still links to the queue when the count cannot be read', async () => {
    show({ ITRReviewer: true }, 'internal', new Error('offline'))
    await vi.waitFor(() => expect(recordsApi.page).toHaveBeenCalled())
    expect(screen.getByRole('link', { name: 'Open my queue' })).toBeVisible()
    expect(screen.queryByText(/wait(s)? for you/)).toBeNull()
  })

  it('is not shown to an internal user who neither reviews nor approves, and asks nothing', () => {
    show({ ITRInternalUser: true })
    expect(screen.getByRole('heading', { name: 'Record Search' })).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Review queue' })).toBeNull()
    expect(recordsApi.page).not.toHaveBeenCalled()
  })
})
