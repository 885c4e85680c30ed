import { render, screen, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecordReview, RecordView } from '../../../schemas/records'
import type { RoleView } from '../../../schemas/roles'
import type { StoredSession } from '../../api/session-storage'
import { useRecordReview } from '../../components/review-panel/use-record-review'
import { sessionAtom } from '../../session/session-atoms'
import RecordDetailPage from './record-detail-page'
import { recordsApi } from './records-api'
import { useRecordDetail } from './use-record-detail'

// Audit walk-cert F4 and F6: a superseded record's page says so whatever its review state; the results
// are marked for print; the page's controls are marked print-none.

vi.mock('./use-record-detail', () => ({ useRecordDetail: vi.fn() }))
vi.mock('./records-api', () => ({ recordsApi: { record: vi.fn(), layoutRevision: vi.fn() } }))
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
} as RecordView

type Judgement = NonNullable<NonNullable<ReturnType<typeof useRecordDetail>['data']>['judgement']>

function show(
  supersededById: number | null,
  review: Partial<RecordReview> = {},
  more: { record?: Partial<RecordView>; judgement?: Partial<Judgement> } = {},
  view: RoleView = 'none',
) {
  vi.mocked(useRecordDetail).mockReturnValue({
    id: '6',
    data: {
      record: { ...record, supersededById, ...more.record },
      layout: null,
      lines: [{ key: 'serial', label: 'Serial', value: 'NWT:1003' }],
      judgement: {
        layoutRevision: 1,
        overall: 'Fail',
        tests: [
          { variable: 'ratio', label: '1. Ratio', value: '0.7 %', criterion: 'Limits', result: 'Fail' },
        ],
        groups: [],
        ...more.judgement,
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
  return renderAs(view)
}

/** The page as a user of `view` sees it ('none': no session, as the other tests read it). */
function renderAs(view: RoleView) {
  const store = createStore()
  if (view !== 'none') store.set(sessionAtom, { view } as StoredSession)
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/Records/6']}>
        <Routes>
          <Route path="/Records/:id" element={<RecordDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
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

  // Walk s12: /Records/4 (retest, from an impact case) showed 'Result Pass' without a word of it.
  it('says a suspect record is suspect above the record, in the records list words, with what was decided', () => {
    show(null, {}, { record: { suspect: 'retest' } })
    const notice = screen.getByRole('note', { name: 'Suspect' })
    expect(notice.textContent).toBe(
      'Suspect · retest — this record is in an impact case: a device it used was found out of tolerance, ' +
        'or was used after its calibration expired. Decided: the product is to be tested again.',
    )
    expect(notice.compareDocumentPosition(screen.getByLabelText('Record 6'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    // Plain text, no control: it prints.
    expect(within(notice).queryByRole('button')).toBeNull()
  })

  it('words each suspect state, and says nothing for a record in no case', () => {
    const said = (suspect: RecordView['suspect']) => {
      const { unmount } = show(null, {}, { record: { suspect } })
      const text = screen.queryByRole('note', { name: 'Suspect' })?.textContent ?? null
      unmount()
      return text
    }
    expect(said('undecided')).toMatch(/^Suspect — .*Not decided yet: its result may not hold\.$/)
    expect(said('accept')).toMatch(/^Suspect · accepted — .*Decided: its result was accepted as it stands\.$/)
    expect(said('recall')).toMatch(/^Suspect · recalled — .*Decided: the product is to be recalled\.$/)
    expect(said(null)).toBeNull()
  })

  // Walk s12: demo record 3 (calibration not required) read 'Overall result Fail'.
  it("gives a calibration its outcome from the calibration history, not SPEC §4's overall result", () => {
    show(
      null,
      {},
      {
        record: { category: 'calibration' },
        judgement: {
          overall: null,
          outcome: { line: 'Calibration not required', result: null },
          groups: [{ variable: 'asFound', label: 'As found', result: 'not measured' }],
        },
      },
    )
    expect(screen.queryByLabelText('Overall result')).toBeNull()
    expect(screen.getByLabelText('Calibration outcome').textContent).toBe(
      'Outcome Calibration not requiredfrom the calibration history',
    )
    expect(screen.getByText('As found: not measured')).toBeTruthy()
  })

  // Task reccase: GET Record/{id} names the case(s); the notice links them for whoever may open them.
  const NOTICE_12 =
    'Suspect · retest — this record is in impact case 12: a device it used was found out of tolerance. ' +
    'Decided: the product is to be tested again.'
  const inCase12: Partial<RecordView> = {
    suspect: 'retest',
    impactCases: [{ id: 12, kind: 'failedCalibration', status: 'open', state: 'retest', clearedBy: null }],
  }

  it('names the impact case with a link to it for a configurator', () => {
    show(null, {}, { record: inCase12 }, 'configurator')
    const notice = screen.getByRole('note', { name: 'Suspect' })
    expect(notice.textContent).toBe(NOTICE_12)
    expect(within(notice).getByRole('link', { name: 'impact case 12' }).getAttribute('href')).toBe(
      '/ImpactCases/12',
    )
  })

  it('names the impact case without a link for an internal user, who may not open it', () => {
    show(null, {}, { record: inCase12 }, 'internal')
    const notice = screen.getByRole('note', { name: 'Suspect' })
    expect(notice.textContent).toBe(NOTICE_12)
    expect(within(notice).queryByRole('link')).toBeNull()
  })

  it('lists every case the record is in, each a link for an admin', () => {
    const cases = [3, 7, 9].map(
      (id) =>
        ({ id, kind: 'failedCalibration', status: 'closed', state: 'accept', clearedBy: null }) as const,
    )
    show(null, {}, { record: { suspect: 'accept', impactCases: cases } }, 'viewAll')
    const notice = screen.getByRole('note', { name: 'Suspect' })
    expect(notice.textContent).toMatch(
      /^Suspect · accepted — this record is in impact case 3, impact case 7 and impact case 9: a device/,
    )
    expect(
      within(notice)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/ImpactCases/3', '/ImpactCases/7', '/ImpactCases/9'])
  })

  // Task reccase: the outcome came from GET testEquipment/{id}/calibrations, which only configurators
  // and admins may read: an internal user saw no outcome at all. It comes with the record now.
  it("shows an internal user a calibration's outcome from the record's own answer", async () => {
    const actual = await vi.importActual<{ useRecordDetail: typeof useRecordDetail }>('./use-record-detail')
    vi.mocked(useRecordDetail).mockImplementation(actual.useRecordDetail)
    vi.mocked(useRecordReview).mockReturnValue({
      review: { data: undefined, loading: false, error: null, reload: vi.fn() },
    } as unknown as ReturnType<typeof useRecordReview>)
    vi.mocked(recordsApi.record).mockResolvedValue({
      ...record,
      recordTypeName: 'Meter Calibration',
      productSerialNumber: 'EPN-TE:801',
      category: 'calibration',
      testResult: 'pass',
      layoutVersion: null,
      impactCases: [],
      openedImpactCase: null,
      calibrationOutcome: { skipped: false, asFound: 'fail', asLeft: 'pass' },
    })
    renderAs('internal')
    const lines = await screen.findByLabelText('Record 6')
    const result = within(lines).getByText('Result').parentElement!
    expect(result.textContent).toBe('ResultAs found: FAIL · As left: PASS')
    expect(recordsApi.record).toHaveBeenCalledTimes(1)
  })
})
