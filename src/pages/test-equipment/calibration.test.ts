import { describe, expect, it } from 'vitest'
import type { TestEquipment } from '../../../schemas/records'
import { calibrationKind, compareCalibration, locationName, qrPayload } from './calibration'

type Cal = TestEquipment['latestCalibration']
const cal = (over: Partial<NonNullable<Cal>>): Cal => ({
  skipped: false,
  date: '2024-01-01T00:00:00.000Z',
  expires: '2025-01-01T00:00:00.000Z',
  calibrator: { id: 1, name: 'Cal House' },
  ...over,
})
const item = (name: string, latestCalibration: Cal) => ({ name, latestCalibration })

describe('calibrationKind', () => {
  it('reads never calibrated, not required and calibrated', () => {
    expect(calibrationKind({ latestCalibration: null })).toBe('never')
    expect(calibrationKind({ latestCalibration: cal({ date: null, expires: null }) })).toBe('never')
    expect(calibrationKind({ latestCalibration: cal({ skipped: true, date: null, expires: null }) })).toBe(
      'notRequired',
    )
    expect(calibrationKind({ latestCalibration: cal({}) })).toBe('calibrated')
  })
})

describe('compareCalibration (SPEC §2 custom sort)', () => {
  it('puts never calibrated first, then not required, then calibrated by expiry date', () => {
    const list = [
      item('late', cal({ expires: '2027-06-01T00:00:00.000Z' })),
      item('skipped', cal({ skipped: true, date: null, expires: null })),
      item('soon', cal({ expires: '2024-03-01T00:00:00.000Z' })),
      item('never', null),
      item('mid', cal({ expires: '2025-06-01T00:00:00.000Z' })),
    ]
    const sorted = [...list].sort(compareCalibration).map((i) => i.name)
    expect(sorted).toEqual(['never', 'skipped', 'soon', 'mid', 'late'])
    // Reversible: the descending order is the exact reverse.
    expect([...list].sort((a, b) => -compareCalibration(a, b)).map((i) => i.name)).toEqual(
      [...sorted].reverse(),
    )
  })
})

describe('qrPayload (SPEC §3)', () => {
  it('drops the trailing separator from the prefix and keeps the serial value', () => {
    const payload = qrPayload({
      id: 7,
      serialNumberPrefix: 'TE:',
      serialNumber: { full: 'TE:1001', prefix: 'TE:', value: '1001' },
    })
    expect(JSON.parse(payload)).toEqual({ id: 7, t: 'TE', s: '1001' })
  })

  it('keeps a prefix without separator as it is', () => {
    expect(
      JSON.parse(
        qrPayload({ id: 1, serialNumberPrefix: '', serialNumber: { full: '55', prefix: '', value: '55' } }),
      ),
    ).toEqual({ id: 1, t: '', s: '55' })
  })
})

describe('locationName', () => {
  it("shows 'Unknown Location' when there is none", () => {
    expect(locationName({ location: null })).toBe('Unknown Location')
    expect(locationName({ location: { id: 2, name: 'Bench 3' } })).toBe('Bench 3')
  })
})
