import { describe, expect, it } from 'vitest'
import {
  calibrationBlockedMessage,
  calibrationGate,
  calibrationStatusAt,
  stricterPolicy,
  type CalibrationFacts,
} from './calibration-status'

const at = (iso: string) => new Date(iso)
const calibrated: CalibrationFacts = {
  skipped: false,
  date: '2025-03-01T00:00:00.000Z',
  expires: '2026-03-01T00:00:00.000Z',
}

describe('calibrationStatusAt (issue #15.1, shared by the widget and the server)', () => {
  it('is valid inside the calibration period', () => {
    expect(calibrationStatusAt(calibrated, at('2025-09-15T10:00:00Z'))).toBe('valid')
  })

  it("is 'Calibration not required' for a skipped calibration, whatever its dates", () => {
    expect(calibrationStatusAt({ skipped: true, date: null, expires: null }, at('2030-01-01'))).toBe(
      'notRequired',
    )
    expect(calibrationStatusAt({ ...calibrated, skipped: true }, at('2030-01-01'))).toBe('notRequired')
  })

  it('is never calibrated without a calibration, or one without a date or expiry', () => {
    expect(calibrationStatusAt(null, at('2025-09-15'))).toBe('never')
    expect(calibrationStatusAt(undefined, at('2025-09-15'))).toBe('never')
    expect(calibrationStatusAt({ skipped: false, date: '2025-03-01', expires: null }, at('2025-09-15'))).toBe(
      'never',
    )
    expect(calibrationStatusAt({ skipped: false, date: null, expires: '2026-03-01' }, at('2025-09-15'))).toBe(
      'never',
    )
  })

  it('is expired after the expiry date', () => {
    expect(calibrationStatusAt(calibrated, at('2026-06-01T00:00:00Z'))).toBe('expired')
  })

  it('is valid through the day before the expiry date and expired all of the expiry date (UTC days)', () => {
    expect(calibrationStatusAt(calibrated, at('2026-02-28T00:00:00.000Z'))).toBe('valid')
    expect(calibrationStatusAt(calibrated, at('2026-02-28T23:59:59.999Z'))).toBe('valid')
    expect(calibrationStatusAt(calibrated, at('2026-03-01T00:00:00.000Z'))).toBe('expired')
    expect(calibrationStatusAt(calibrated, at('2026-03-01T23:59:59.999Z'))).toBe('expired')
  })

  it('counts the expiry day whole even when the expiry has a time of day', () => {
    const afternoon = { ...calibrated, expires: '2026-03-01T14:30:00.000Z' }
    // A record dated 01/03/2026 (no time) is on the expiry day: expired, not 'valid until 14:30'.
    expect(calibrationStatusAt(afternoon, at('2026-03-01T00:00:00.000Z'))).toBe('expired')
    expect(calibrationStatusAt(afternoon, at('2026-02-28T23:00:00.000Z'))).toBe('valid')
  })

  it('accepts Date objects as well as ISO text', () => {
    const facts = { skipped: false, date: new Date('2025-03-01'), expires: new Date('2026-03-01') }
    expect(calibrationStatusAt(facts, at('2026-02-01'))).toBe('valid')
  })

  it('is suspect when the caller says so (issue #15.3), over every other state', () => {
    expect(calibrationStatusAt(calibrated, at('2025-09-15'), { suspect: true })).toBe('suspect')
    expect(
      calibrationStatusAt({ skipped: true, date: null, expires: null }, at('2025-09-15'), { suspect: true }),
    ).toBe('suspect')
  })
})

describe('calibrationGate', () => {
  it('lets valid and not-required devices through under either policy', () => {
    for (const policy of ['warn', 'block'] as const) {
      expect(calibrationGate('valid', policy)).toBe('ok')
      expect(calibrationGate('notRequired', policy)).toBe('ok')
    }
  })

  it('warns by default and blocks under block, for expired, never and suspect devices', () => {
    for (const status of ['expired', 'never', 'suspect'] as const) {
      expect(calibrationGate(status, undefined)).toBe('warn')
      expect(calibrationGate(status, 'warn')).toBe('warn')
      expect(calibrationGate(status, 'block')).toBe('block')
    }
  })

  it('takes the stricter policy when two controls list one device', () => {
    expect(stricterPolicy('warn', 'block')).toBe('block')
    expect(stricterPolicy(undefined, 'warn')).toBe('warn')
  })

  it('names the device and why in the block message', () => {
    expect(calibrationBlockedMessage('EPN-TE:5', 'expired', '2026-03-01T00:00:00Z')).toMatch(
      /^Test equipment EPN-TE:5 cannot be used: its calibration expired on 01\/03\/2026\. /,
    )
    expect(calibrationBlockedMessage('EPN-TE:6', 'never', null)).toContain('it has never been calibrated')
  })
})
