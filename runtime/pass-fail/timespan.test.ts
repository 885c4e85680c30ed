import { describe, expect, it } from 'vitest'
import { fromIsoDuration, parseIsoDuration, timespanUnitIssue, toIsoDuration } from './timespan'

describe('timespan helpers', () => {
  it.each([
    [2.5, 'hours', 'PT2.5H'],
    [3, 'months', 'P3M'],
    [15, 'minutes', 'PT15M'],
    [0, 'seconds', 'PT0S'],
    [2, 'weeks', 'P2W'],
    [1, 'years', 'P1Y'],
    [10, 'days', 'P10D'],
  ] as const)('%s %s ↔ %s', (amount, unit, iso) => {
    expect(toIsoDuration(amount, unit)).toBe(iso)
    expect(fromIsoDuration(iso, unit)).toBe(amount)
  })

  it('writes a fraction below ten decimals as the whole number, never as "1."', () => {
    expect(toIsoDuration(1.00000000001, 'months')).toBe('P1M')
    expect(toIsoDuration(1e-11, 'months')).toBe('P0M')
    expect(toIsoDuration(10.5, 'days')).toBe('P10.5D')
    expect(toIsoDuration(100.00000000001, 'hours')).toBe('PT100H')
  })

  it('rejects amounts below 0 (SPEC §5: minimum 0)', () => {
    expect(() => toIsoDuration(-1, 'days')).toThrow(RangeError)
    expect(() => toIsoDuration(Number.NaN, 'days')).toThrow(RangeError)
  })

  it('reads durations written in another unit', () => {
    expect(fromIsoDuration('P1DT12H', 'hours')).toBe(36)
    expect(fromIsoDuration('PT90M', 'hours')).toBe(1.5)
    expect(fromIsoDuration('P1Y', 'months')).toBeCloseTo(12.1667, 3)
  })

  it('refuses text that is not an ISO 8601 duration', () => {
    for (const text of ['', 'P', 'PT', '3 months', 'P1H', 'PT1D']) {
      expect(parseIsoDuration(text)).toBeNull()
      expect(fromIsoDuration(text, 'days')).toBeNull()
    }
  })

  it('needs a unit to capture, with SPEC text', () => {
    expect(timespanUnitIssue({ label: 'Calibration frequency' })).toBe(
      'Unit of time is required for timespan controls, update the record type to enter Calibration frequency data',
    )
    expect(timespanUnitIssue({ label: 'x', unit: 'days' })).toBeNull()
  })
})
