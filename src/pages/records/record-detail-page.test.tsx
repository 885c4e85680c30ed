import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecordDetail, RecordReview } from '../../../schemas/records'
import { useRecordReview } from '../../components/review-panel/use-record-review'
import RecordDetailPage from './record-detail-page'
import { useRecordDetail } from './use-record-detail'

// Audit walk-cert F4 and F6: a superseded record's page says so whatever its review state; the results
// are marked for print; the page's controls are marked print-none.

vi.mock('./use-record-detail', () => ({ useRecordDetail: vi.fn() }))
vi.mock('../../components/review-panel/use-record-review', () => ({ useRecordReview: vi.fn() }))

const record = {
  recordId: 6,
  recordTypeId: 1,
  productSerialNumber: 'NWT:1003',
  recordTypeName: 'Transformer Routine Test',
  testResult: 'fail',
  recordDate: '2026-10-14T10:00:00.000Z',
  reviewState: 'none',
  data: {},
  revision: 1,
} as RecordDetail

function show(supersededById: number | null, review: Partial<RecordReview> = {}) {
  vi.mocked(useRecordDetail).mockReturnValue({
    id: '6',
    data: {
      record: { ...record, supersededById },
      layout: null,
      lines: [{ key: 'serial', label: 'Serial', value: 'NWT:1003' }],
      judgement: {
        layoutRevision: 1,
        overall: 'Fail',
        tests: [
          { variable: 'ratio', label: '1. Ratio', value: '0.7 %', criterion: 'Limits', result: 'Fail' },
        ],
        groups: [],
      },
      tables: [],
    },
    loading: false,
    error: null,
    reload: vi.fn(),
  } as unknown as ReturnType<typeof useRecordDetail>)
  vi.mocked(useRecordReview).mockReturnValue({
    review: {
      data: {
        policy: 'none',
        state: 'none',
        transitions: [],
        actions: [],
        supersededBy: supersededById,
        ...review,
      },
      loading: false,
      error: null,
      reload: vi.fn(),
    },
    rejecting: false,
    setRejecting: vi.fn(),
    comment: '',
    setComment: vi.fn(),
    busy: false,
    error: null,
    act: vi.fn(),
  })
  return render(
    <MemoryRouter>
      <RecordDetailPage />
    </MemoryRouter>,
  )
}

beforeEach(() => vi.resetAllMocks())

describe('RecordDetailPage', () => {
  it('says a superseded record was replaced, with a link to the newer record, though it needed no review', () => {
    show(19)
    const notice = screen.getByRole('note', { name: 'Superseded' })
    expect(notice.textContent).toContain('Superseded — replaced by record 19')
    expect(within(notice).getByRole('link', { name: 'record 19' }).getAttribute('href')).toBe('/Records/19')
    // Above the record, and said once.
    expect(notice.compareDocumentPosition(screen.getByLabelText('Record 6'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    expect(screen.getAllByText(/Superseded/)).toHaveLength(1)
  })

  it('says it once beside a review too', () => {
    show(19, { policy: 'review', state: 'approved' })
    expect(screen.getByRole('note', { name: 'Superseded' })).toBeTruthy()
    expect(screen.getByLabelText('Review').textContent).not.toContain('Superseded')
  })

  it('says nothing of it for the newest record', () => {
    show(null)
    expect(screen.queryByRole('note', { name: 'Superseded' })).toBeNull()
  })

  it('marks the results for print and keeps the page link off paper', () => {
    show(null)
    const verdicts = screen.getByRole('table', { name: 'Tests' }).querySelectorAll('.verdict')
    expect([...verdicts].map((v) => v.getAttribute('data-result'))).toEqual(['Fail'])
    expect(screen.getByRole('link', { name: 'All records' }).parentElement?.className).toContain(
      'd-print-none',
    )
  })
})
