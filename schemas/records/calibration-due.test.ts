import { describe, expect, it } from 'vitest'
import {
  calibrationDueState,
  calibrationStatusAt,
  daysUntilExpiry,
  DEFAULT_DUE_SOON_DAYS,
  type CalibrationFacts,
} from './calibration-status'

const at = (iso: string) => new Date(iso)
// Expires on 31/03/2026: with 30 days' lead it is due soon from 01/03/2026 through 30/03/2026.
const calibrated: CalibrationFacts = {
  skipped: false,
  date: '2025-03-31T00:00:00.000Z',
  expires: '2026-03-31T00:00:00.000Z',
}

describe('calibrationDueState (issue #15.4, shared by /TestEquipment and the reminder job)', () => {
  it('defaults to a lead time of 30 days', () => {
    expect(DEFAULT_DUE_SOON_DAYS).toBe(30)
    expect(calibrationDueState(calibrated, at('2026-03-01T12:00:00Z'))).toBe('dueSoon')
  })

  it('is valid up to the day before the lead time starts, whatever the time of day', () => {
    expect(calibrationDueState(calibrated, at('2026-02-28T00:00:00.000Z'), 30)).toBe('valid')
    expect(calibrationDueState(calibrated, at('2026-02-28T23:59:59.999Z'), 30)).toBe('valid')
  })

  it('is due soon from exactly `dueSoonDays` days before the expiry day', () => {
    expect(calibrationDueState(calibrated, at('2026-03-01T00:00:00.000Z'), 30)).toBe('dueSoon')
    expect(daysUntilExpiry(calibrated.expires, at('2026-03-01T00:00:00.000Z'))).toBe(30)
  })

  it('is due soon through the last day before expiry and expired all of the expiry day', () => {
    expect(calibrationDueState(calibrated, at('2026-03-30T23:59:59.999Z'), 30)).toBe('dueSoon')
    expect(calibrationDueState(calibrated, at('2026-03-31T00:00:00.000Z'), 30)).toBe('expired')
    expect(calibrationDueState(calibrated, at('2026-03-31T23:59:59.999Z'), 30)).toBe('expired')
    expect(calibrationDueState(calibrated, at('2027-01-01T00:00:00.000Z'), 30)).toBe('expired')
  })

  it('agrees with the gate on every day around the expiry (expired ⇔ the gate says expired)', () => {
    for (let day = -40; day <= 5; day++) {
      const when = new Date(Date.parse('2026-03-31T09:30:00Z') + day * 86_400_000)
      const gate = calibrationStatusAt(calibrated, when)
      const due = calibrationDueState(calibrated, when, 30)
      expect(due === 'expired', `day ${day}`).toBe(gate === 'expired')
      expect(due === 'dueSoon', `day ${day}`).toBe(day >= -30 && day <= -1)
    }
  })

  it('ignores the time of day of the expiry itself (UTC days)', () => {
    const lateExpiry = { ...calibrated, expires: '2026-03-31T23:00:00.000Z' }
    expect(calibrationDueState(lateExpiry, at('2026-02-28T23:59:00Z'), 30)).toBe('valid')
    expect(calibrationDueState(lateExpiry, at('2026-03-01T00:00:00Z'), 30)).toBe('dueSoon')
    expect(calibrationDueState(lateExpiry, at('2026-03-31T00:00:00Z'), 30)).toBe('expired')
  })

  it('follows the lead time it is given; 0 never answers due soon', () => {
    expect(calibrationDueState(calibrated, at('2026-03-24T00:00:00Z'), 7)).toBe('dueSoon')
    expect(calibrationDueState(calibrated, at('2026-03-23T00:00:00Z'), 7)).toBe('valid')
    expect(calibrationDueState(calibrated, at('2026-03-30T00:00:00Z'), 0)).toBe('valid')
    expect(calibrationDueState(calibrated, at('2026-03-31T00:00:00Z'), 0)).toBe('expired')
  })

  it("keeps 'not required' and 'never calibrated' whatever the lead time", () => {
    expect(calibrationDueState({ ...calibrated, skipped: true }, at('2026-03-30T00:00:00Z'))).toBe(
      'notRequired',
    )
    expect(calibrationDueState({ ...calibrated, skipped: true }, at('2030-01-01T00:00:00Z'))).toBe(
      'notRequired',
    )
    expect(calibrationDueState(null, at('2026-03-30T00:00:00Z'))).toBe('never')
    expect(calibrationDueState({ ...calibrated, expires: null }, at('2026-03-30T00:00:00Z'))).toBe('never')
  })

  it('counts whole days to the expiry day', () => {
    expect(daysUntilExpiry('2026-03-31T00:00:00Z', at('2026-03-30T23:00:00Z'))).toBe(1)
    expect(daysUntilExpiry('2026-03-31T00:00:00Z', at('2026-03-31T23:00:00Z'))).toBe(0)
    expect(daysUntilExpiry('2026-03-31T00:00:00Z', at('2026-04-05T01:00:00Z'))).toBe(-5)
    expect(daysUntilExpiry(null, at('2026-04-05T01:00:00Z'))).toBeNull()
  })
})
