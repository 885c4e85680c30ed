import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { RecordReview } from '../../../schemas/records'
import { ReviewPanel } from './review-panel'
import { SupersededNotice } from './superseded-notice'
import { useRecordReview } from './use-record-review'

// Audit walk-cert F6: a superseded record says so whatever its review state.

vi.mock('./use-record-review', () => ({ useRecordReview: vi.fn() }))

function withReview(review: Partial<RecordReview>, reject: { comment: string } | null = null) {
  const data: RecordReview = { policy: 'none', state: 'none', transitions: [], actions: [], ...review }
  vi.mocked(useRecordReview).mockReturnValue({
    review: { data, loading: false, error: null, reload: vi.fn() },
    rejecting: reject != null,
    setRejecting: vi.fn(),
    comment: reject?.comment ?? '',
    setComment: vi.fn(),
    busy: false,
    error: null,
    act: vi.fn(),
  })
}

const show = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>)

describe('SupersededNotice', () => {
  it('names the newer record and links to it', () => {
    show(<SupersededNotice supersededBy={19} />)
    const notice = screen.getByRole('note', { name: 'Superseded' })
    expect(notice.textContent).toContain('Superseded — replaced by record 19')
    expect(screen.getByRole('link', { name: 'record 19' }).getAttribute('href')).toBe('/Records/19')
  })

  it('says nothing for the newest record', () => {
    const { container } = show(<SupersededNotice supersededBy={null} />)
    expect(container.textContent).toBe('')
  })
})

describe('ReviewPanel and a superseded record', () => {
  it('shows the notice for a record that never needed review (it showed nothing before)', () => {
    withReview({ supersededBy: 19 })
    show(<ReviewPanel recordId={6} />)
    expect(screen.getByRole('note', { name: 'Superseded' }).textContent).toContain('record 19')
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull()
  })

  it('leaves the notice to a page that shows it itself', () => {
    withReview({ supersededBy: 19 })
    const { container } = show(<ReviewPanel recordId={6} supersededShown />)
    expect(container.textContent).toBe('')
  })

  it('keeps the chain link in the review card of a reviewed record, unless the page shows it', () => {
    withReview({ policy: 'review', state: 'reviewed', supersededBy: 19 })
    const { unmount } = show(<ReviewPanel recordId={6} />)
    expect(screen.getByLabelText('Review').textContent).toContain('Superseded by record 19')
    unmount()
    show(<ReviewPanel recordId={6} supersededShown />)
    expect(screen.getByLabelText('Review').textContent).not.toContain('Superseded')
  })

  it('prints no review actions: the buttons are marked print-none', () => {
    withReview({ policy: 'review', state: 'submitted', actions: ['review', 'reject'] })
    show(<ReviewPanel recordId={6} />)
    expect(screen.getByRole('button', { name: 'Review' }).parentElement?.className).toContain('d-print-none')
  })
})

describe('ReviewPanel: rejecting (walk s14)', () => {
  const submitted: Partial<RecordReview> = {
    policy: 'review-and-approve',
    state: 'submitted',
    actions: ['review', 'reject'],
  }

  it('says why Reject record is disabled, with the reason box and the button', () => {
    withReview(submitted, { comment: '' })
    show(<ReviewPanel recordId={17} />)
    const hint = screen.getByText('A reason is required to reject.')
    expect(hint).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Why is it rejected?' })).toHaveAccessibleDescription(
      'A reason is required to reject.',
    )
    const reject = screen.getByRole('button', { name: 'Reject record' })
    expect(reject).toBeDisabled()
    expect(reject).toHaveAccessibleDescription('A reason is required to reject.')
  })

  it('enables Reject record once a reason is typed, the hint staying', () => {
    withReview(submitted, { comment: 'Ratio error out of limits' })
    show(<ReviewPanel recordId={17} />)
    expect(screen.getByRole('button', { name: 'Reject record' })).toBeEnabled()
    expect(screen.getByText('A reason is required to reject.')).toBeVisible()
  })

  it('keeps a reason of spaces only from enabling it', () => {
    withReview(submitted, { comment: '   ' })
    show(<ReviewPanel recordId={17} />)
    expect(screen.getByRole('button', { name: 'Reject record' })).toBeDisabled()
  })
})
