import { fireEvent, render, screen, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntry } from '../../../schemas/audit'
import type { StoredSession } from '../../api/session-storage'
import { sessionAtom } from '../../session/session-atoms'
import { auditApi } from './audit-api'
import AuditPage from './audit-page'

// Products walk, s12: an impact case's row on /Audit showed its stored words ('failedCalibration', 'open',
// '2025-03-01T00:00:00.000Z'); the diff says them as the case's page does, and the other entities' stored
// words and times likewise.

vi.mock('./audit-api', () => ({ auditApi: { page: vi.fn(), history: vi.fn() } }))

const row = (
  id: number,
  entity: string,
  action: AuditEntry['action'],
  before: object | null,
  after: object | null,
) =>
  ({
    id,
    at: '2026-11-29T10:00:00.000Z',
    userName: 'configurator',
    entity,
    entityId: String(id),
    action,
    before,
    after,
  }) as AuditEntry

function show(rows: AuditEntry[]) {
  vi.mocked(auditApi.page).mockResolvedValue({ totalCount: rows.length, totalPages: 1, result: rows })
  const store = createStore()
  store.set(sessionAtom, { view: 'viewAll' } as StoredSession)
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AuditPage />
      </MemoryRouter>
    </Provider>,
  )
}

/** Opens a row's diff by its toggle, answers its lines as Field, Before, After, and closes it again. */
async function diffOf(entity: string, id: number): Promise<(string | null)[][]> {
  const toggle = (verb: string) => new RegExp(`^${verb} the changes of ${entity} ${id} `)
  fireEvent.click(await screen.findByRole('button', { name: toggle('Show') }))
  const table = screen.getByRole('table', { name: 'Changed fields' })
  const lines = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      [...within(r).getAllByRole('rowheader'), ...within(r).getAllByRole('cell')].map((c) => c.textContent),
    )
  fireEvent.click(screen.getByRole('button', { name: toggle('Hide') }))
  return lines
}

afterEach(() => vi.clearAllMocks())

describe('/Audit says an entity’s stored words as its screens do', () => {
  it('an impact case opened by a failed calibration: its kind, status and window in the case page’s words and order', async () => {
    show([
      // In the order PostgreSQL's jsonb keeps the keys: short ones first.
      row(1, 'impactCase', 'create', null, {
        kind: 'failedCalibration',
        status: 'open',
        closedBy: null,
        'record 9': 'Undecided',
        'record 17': 'Retest by admin',
        windowEnd: '2025-10-01T00:00:00.000Z',
        windowStart: '2025-03-01T00:00:00.000Z',
        testEquipmentId: 4,
        calibrationRecordId: 31,
        lastPassingRecordId: 12,
      }),
    ])
    expect(await diffOf('Impact Case', 1)).toEqual([
      ['Opened because', '—', 'Found out of tolerance'],
      ['Status', '—', 'Open'],
      ['Test equipment ID', '—', '4'],
      ['Failing calibration record ID', '—', '31'],
      ['Last passing calibration record ID', '—', '12'],
      ['Suspect window from', '—', '01/03/2025'],
      ['Suspect window to', '—', '01/10/2025'],
      ['Closed by', '—', '—'],
      ['Record 9', '—', 'Undecided'],
      ['Record 17', '—', 'Retest by admin'],
    ])
  })

  it('a lapsed case closed: the change names the fields as the diff does', async () => {
    show([
      row(2, 'impactCase', 'create', null, { kind: 'lapsed', status: 'open', windowStart: null }),
      row(
        3,
        'impactCase',
        'update',
        { status: 'open', closedBy: null },
        { status: 'closed', closedBy: 'admin' },
      ),
    ])
    expect(await screen.findByRole('button', { name: /changes of Impact Case 3 / })).toHaveTextContent(
      'Status, Closed by',
    )
    expect(await diffOf('Impact Case', 2)).toEqual([
      ['Opened because', '—', 'Used after its calibration expired'],
      ['Status', '—', 'Open'],
      ['Suspect window from', '—', '—'],
    ])
    expect(await diffOf('Impact Case', 3)).toEqual([
      ['Status', 'Open', 'Closed'],
      ['Closed by', '—', 'admin'],
    ])
  })

  it('a record’s own columns: times as DD/MM/YYYY HH:mm, result, category and suspect state in words', async () => {
    show([
      row(
        4,
        'record',
        'update',
        { recordDate: '2026-11-29T10:00:00.000Z', testResult: 'pass', suspect: null, 'data.note': 'a' },
        { recordDate: '2026-11-30T08:05:00.000Z', testResult: 'fail', suspect: 'recall', 'data.note': 'b' },
      ),
      row(5, 'record', 'create', null, {
        category: 'problemReport',
        captureType: 'form',
        createdAt: '2026-11-29T10:00:00.000Z',
      }),
    ])
    expect(await diffOf('Record', 4)).toEqual([
      ['Record date', '29/11/2026 10:00', '30/11/2026 08:05'],
      ['Test result', 'Pass', 'Fail'],
      ['Suspect', '—', 'Suspect · recalled'],
      ['note', 'a', 'b'],
    ])
    expect(await diffOf('Record', 5)).toEqual([
      ['Category', '—', 'Problem Report'],
      ['Capture type', '—', 'Form'],
      ['Created at', '—', '29/11/2026 10:00'],
    ])
  })

  it('a record type’s review policy and a descriptive’s category in their editors’ words', async () => {
    show([
      row(6, 'recordType', 'update', { reviewPolicy: 'none' }, { reviewPolicy: 'review-and-approve' }),
      row(7, 'configuration', 'create', null, { domain: 'ITRFAULTDESCRIPTIVE', value: 'Leak' }),
    ])
    expect(await diffOf('Record Type', 6)).toEqual([['Review policy', 'No review', 'Review and approve']])
    expect(await diffOf('Survey/Repair Type', 7)).toEqual([
      ['Survey/Repair category', '—', 'Fault'],
      ['Value', '—', 'Leak'],
    ])
  })

  it('a word the SPA does not know, and an entity it does not know, read as stored', async () => {
    show([
      row(8, 'impactCase', 'update', { kind: 'lapsed' }, { kind: 'someNewKind' }),
      row(9, 'gadget', 'update', { status: 'open' }, { status: 'closed' }),
    ])
    expect(await diffOf('Impact Case', 8)).toEqual([
      ['Opened because', 'Used after its calibration expired', 'someNewKind'],
    ])
    expect(await diffOf('gadget', 9)).toEqual([['Status', 'open', 'closed']])
  })
})
