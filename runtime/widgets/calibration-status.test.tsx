import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TestEquipment } from '../../schemas/records'
import { calibrationStatus, formatSpan } from './calibration-status'
import { TestEquipmentCard } from './test-equipment-card'

const now = new Date('2025-06-15T12:00:00Z')
const withCalibration = (latestCalibration: TestEquipment['latestCalibration']): TestEquipment => ({
  id: 4,
  serialNumberPrefix: 'TE:',
  serialNumber: { full: 'TE:0004', prefix: 'TE:', value: '0004' },
  description: 'Clamp meter',
  location: { id: 1, name: 'Workshop A' },
  owner: { id: 1, name: 'Northern Grid' },
  assetTag: 'AT-4',
  latestCalibration,
})
const calibrated = (expires: string) =>
  withCalibration({
    skipped: false,
    date: '2024-06-01T00:00:00Z',
    expires,
    calibrator: { id: 1, name: 'Cal House' },
  })

describe('calibration card states (SPEC §4)', () => {
  it.each([
    ['no device found', null, 'noDevice', 'danger', 'No device found'],
    ['not calibrated', withCalibration(null), 'notCalibrated', 'warning', 'Not calibrated'],
    [
      'skipped',
      withCalibration({ skipped: true, date: null, expires: null, calibrator: null }),
      'skipped',
      'success',
      'Calibration not required',
    ],
    [
      'expired',
      calibrated('2025-04-10T12:00:00Z'),
      'expired',
      'warning',
      'Calibration expired 2 months ago!',
    ],
    // Valid up to the start of the expiry day (27/06), the first day it is expired.
    ['valid', calibrated('2025-06-27T12:00:00Z'), 'valid', 'success', 'Valid for 11 days'],
    [
      'expired on its expiry day',
      calibrated('2025-06-15T18:00:00Z'),
      'expired',
      'warning',
      'Calibration expired 12 hours ago!',
    ],
  ])('%s', (_name, item, state, variant, text) => {
    expect(calibrationStatus(item, now)).toEqual({ state, variant, text })
  })

  it('counts months on the calendar and uses the largest whole unit', () => {
    expect(formatSpan(new Date('2025-01-31T00:00:00Z'), new Date('2025-02-28T00:00:00Z'))).toBe('28 days')
    expect(formatSpan(new Date('2025-01-15T00:00:00Z'), new Date('2025-02-15T00:00:00Z'))).toBe('1 month')
    expect(formatSpan(new Date('2023-01-15T00:00:00Z'), new Date('2025-03-15T00:00:00Z'))).toBe('2 years')
    expect(formatSpan(new Date('2025-01-15T00:00:00Z'), new Date('2025-01-15T03:30:00Z'))).toBe('3 hours')
    expect(formatSpan(new Date('2025-01-15T00:00:00Z'), new Date('2025-01-15T00:00:20Z'))).toBe('1 minute')
  })

  it('the card shows the item, its calibration text, and the state colour', () => {
    render(
      <ul>
        <TestEquipmentCard
          entry={{ id: 4, state: 'loaded', item: calibrated('2025-04-10T12:00:00Z') }}
          now={now}
        />
      </ul>,
    )
    const card = screen.getByRole('listitem', { name: 'Test equipment TE:0004' })
    expect(card).toHaveTextContent('Clamp meter')
    expect(card).toHaveTextContent('Asset tag AT-4 · Workshop A · Calibrated by Cal House')
    expect(screen.getByRole('status')).toHaveTextContent('Calibration expired 2 months ago!')
    expect(card).toHaveClass('border-warning')
  })
})
