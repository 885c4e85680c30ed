import { describe, expect, it } from 'vitest'
import {
  calibrationBlockedMessage,
  calibrationGate,
  calibrationInForce,
  calibrationStatusAt,
  stricterPolicy,
  type CalibrationFacts,
} from './calibration-status'
import { suspectOn } from './impact-case'

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

describe('calibrationInForce and suspectOn (issue #15.3)', () => {
  const cal = (date: string, expires: string | null, skipped = false) => ({ skipped, date, expires })
  const device = {
    latestCalibration: cal('2026-03-01T09:00:00Z', '2027-03-01T09:00:00Z'),
    calibrations: [
      cal('2026-03-01T09:00:00Z', '2027-03-01T09:00:00Z'),
      cal('2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z'),
    ],
  }
  it('judges a record by the newest calibration of its day or before', () => {
    expect(calibrationInForce(device, at('2026-03-05T00:00:00Z'))).toEqual(device.calibrations[0])
    // The calibration's own day is in force all day, whatever the hour.
    expect(calibrationInForce(device, at('2026-03-01T07:00:00Z'))).toEqual(device.calibrations[0])
    expect(calibrationInForce(device, at('2026-02-28T23:00:00Z'))).toBe(device.calibrations[1])
    expect(
      calibrationStatusAt(calibrationInForce(device, at('2026-02-10T00:00:00Z')), at('2026-02-10T00:00:00Z')),
    ).toBe('expired')
    expect(calibrationInForce(device, at('2024-12-31T12:00:00Z'))).toBeNull()
  })

  it('falls back to the latest calibration without a history', () => {
    expect(
      calibrationInForce({ latestCalibration: device.latestCalibration }, at('2020-01-01T00:00:00Z')),
    ).toBe(device.latestCalibration)
    expect(
      calibrationInForce({ latestCalibration: null, calibrations: [] }, at('2026-01-01T00:00:00Z')),
    ).toBeNull()
  })

  it('is suspect on the days of a period, both ends included; open ends reach every day', () => {
    const periods = [{ from: '2025-03-01T00:00:00.000Z', to: '2025-09-30T00:00:00.000Z' }]
    expect(suspectOn(periods, at('2025-02-28T23:59:00Z'))).toBe(false)
    expect(suspectOn(periods, at('2025-03-01T00:00:00Z'))).toBe(true)
    expect(suspectOn(periods, at('2025-09-30T23:59:00Z'))).toBe(true)
    expect(suspectOn(periods, at('2025-10-01T00:00:00Z'))).toBe(false)
    expect(suspectOn([{ from: null, to: '2025-01-01T00:00:00.000Z' }], at('1999-01-01T00:00:00Z'))).toBe(true)
    expect(suspectOn([{ from: '2025-01-01T00:00:00.000Z', to: null }], at('2099-01-01T00:00:00Z'))).toBe(true)
    expect(suspectOn(undefined, at('2025-01-01T00:00:00Z'))).toBe(false)
  })
})
