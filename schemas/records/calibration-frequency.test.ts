import { describe, expect, it } from 'vitest'
import { frequencySteps } from './calibration-frequency'

describe('frequencySteps (calibration frequency in whole months and days)', () => {
  it('converts fractions that come to whole units exactly', () => {
    expect(frequencySteps('P0.5Y')).toEqual({ months: 6, days: 0, whole: true })
    expect(frequencySteps('P1.5Y')).toEqual({ months: 18, days: 0, whole: true })
    expect(frequencySteps('P0.25Y')).toEqual({ months: 3, days: 0, whole: true })
    // 0.1 × 12 is 1.2000000000000002 in floating point; the sum is exact.
    expect(frequencySteps('P0.1Y0.8M')).toEqual({ months: 2, days: 0, whole: true })
    expect(frequencySteps('P2W')).toEqual({ months: 0, days: 14, whole: true })
    expect(frequencySteps('P0.5W0.5D')).toEqual({ months: 0, days: 4, whole: true })
    expect(frequencySteps('PT48H')).toEqual({ months: 0, days: 2, whole: true })
    expect(frequencySteps('P1Y2M3DT24H')).toEqual({ months: 14, days: 4, whole: true })
    expect(frequencySteps('P12M')).toEqual({ months: 12, days: 0, whole: true })
    expect(frequencySteps('p12m')).toEqual({ months: 12, days: 0, whole: true })
    expect(frequencySteps('P0M')).toEqual({ months: 0, days: 0, whole: true })
  })

  it('reads a bare number as months', () => {
    expect(frequencySteps('12')).toEqual({ months: 12, days: 0, whole: true })
    expect(frequencySteps('6.0')).toEqual({ months: 6, days: 0, whole: true })
    expect(frequencySteps('1.5')).toEqual({ months: 1, days: 0, whole: false })
  })

  it('says when a frequency does not come to whole months and days (rounded down steps)', () => {
    expect(frequencySteps('P1.5M')).toEqual({ months: 1, days: 0, whole: false })
    expect(frequencySteps('P0.3Y')).toEqual({ months: 3, days: 0, whole: false })
    expect(frequencySteps('P1.5D')).toEqual({ months: 0, days: 1, whole: false })
    expect(frequencySteps('P1.5W')).toEqual({ months: 0, days: 10, whole: false })
    expect(frequencySteps('PT12H')).toEqual({ months: 0, days: 0, whole: false })
    expect(frequencySteps('P0.5Y0.5M')).toEqual({ months: 6, days: 0, whole: false })
  })

  it('is undefined for text that is no duration', () => {
    for (const text of ['', 'P', 'PT', '12 months', '-1', 'P-1M', 'P1.M', 'P1,5M', 'PT1D'])
      expect(frequencySteps(text), text).toBeUndefined()
  })
})
