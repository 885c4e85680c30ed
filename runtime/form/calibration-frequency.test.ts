import { describe, expect, it } from 'vitest'
import { frequencyHint, frequencyProblems } from './calibration-frequency'

describe('the calibration frequency rule on the page (audit s7 D4)', () => {
  it('says what to enter in the box’s own unit', () => {
    expect(frequencyHint(1.5, 'weeks')).toBe(
      'A calibration frequency counts whole months and days: 1.5 weeks does not come to them. Enter whole weeks.',
    )
    expect(frequencyHint(12, 'hours')).toMatch(
      /12 hours does not come to them\. Enter whole days of 24 hours\.$/,
    )
    for (const [amount, unit] of [
      [48, 'hours'],
      [0.5, 'years'],
      [2, 'weeks'],
      [0, 'months'],
    ] as const)
      expect(frequencyHint(amount, unit), `${amount} ${unit}`).toBeNull()
  })

  it('marks the mapped frequency before Save, and nothing else', () => {
    const layout = {
      controls: [
        { type: 'timespan' as const, variable: 'frequency', label: 'Frequency', unit: 'months' as const },
        { type: 'timespan' as const, variable: 'repair', label: 'Repair', unit: 'months' as const },
      ],
    }
    const value = { frequency: 'P1.5M', repair: 'P1.5M' }
    expect(frequencyProblems(layout, 'frequency', value)).toEqual({
      frequency: [
        'A calibration frequency counts whole months and days: 1.5 months does not come to them. Enter whole months.',
      ],
    })
    expect(frequencyProblems(layout, 'frequency', { frequency: 'P18M' })).toEqual({})
    expect(frequencyProblems(layout, undefined, value)).toEqual({})
  })
})
