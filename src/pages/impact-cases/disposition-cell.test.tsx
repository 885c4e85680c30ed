import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SuspectRecord } from '../../../schemas/records'
import { DispositionCell } from './suspect-columns'

const record = (over: Partial<SuspectRecord>): SuspectRecord => ({
  recordId: 4,
  productSerialNumber: 'NWT:1001',
  recordTypeName: 'Transformer Routine Test',
  recordDate: '2026-11-01T10:00:00.000Z',
  testResult: 'pass',
  state: 'undecided',
  decidedByName: 'configurator',
  decidedAt: '2026-11-29T10:00:00.000Z',
  ...over,
})

// s13: a recall waits for a new record as a retest does (/Products shows 'Recalled' until then), so its
// cell says what it waits for and which record cleared it, as a retest's does.
describe('DispositionCell', () => {
  it('says a pending recall waits for a new record, and names the record that cleared it', () => {
    const { rerender } = render(<DispositionCell record={record({ state: 'recall' })} />)
    expect(screen.getByText('Waiting for a new record')).toBeTruthy()
    rerender(<DispositionCell record={record({ state: 'recall', retestClearedBy: 31 })} />)
    expect(screen.getByText('Cleared: record 31')).toBeTruthy()
  })

  it("keeps a retest's words and says nothing of clearing for an accepted record", () => {
    const { rerender } = render(<DispositionCell record={record({ state: 'retest', retestClearedBy: 30 })} />)
    expect(screen.getByText('Retested: record 30')).toBeTruthy()
    rerender(<DispositionCell record={record({ state: 'accept', reason: 'Within margin' })} />)
    expect(screen.queryByText('Waiting for a new record')).toBeNull()
    expect(screen.getByText('Within margin')).toBeTruthy()
  })
})
