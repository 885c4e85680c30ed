import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { RecordReview } from '../../../schemas/records'
import { ReviewPanel } from './review-panel'
import { SupersededNotice } from './superseded-notice'
import { useRecordReview } from './use-record-review'

// Audit walk-cert F6: a superseded record says so whatever its review state.

vi.mock('./use-record-review', () => ({ useRecordReview: vi.fn() }))

function withReview(review: Partial<RecordReview>) {
  const data: RecordReview = { policy: 'none', state: 'none', transitions: [], actions: [], ...review }
  vi.mocked(useRecordReview).mockReturnValue({
    review: { data, loading: false, error: null, reload: vi.fn() },
    rejecting: false,
    setRejecting: vi.fn(),
    comment: '',
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
