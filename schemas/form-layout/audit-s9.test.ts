import { describe, expect, it } from 'vitest'
import { evaluateFormula, parseFormula, roundTo } from './formula'
import { canonicalClaims, canonicalResult } from './claim-case'
import { decimalNumber, numberOf } from './rule-values'
import { asNumber } from './test-result'
import { parameterValues } from '../entities/test-parameter'
import { RATIO_TABLE_CONTROLS } from './table-fixture'
import type { FormLayout } from './layout-schema'

describe('roundTo never overflows (audit s9 F8)', () => {
  it('keeps a value too large to hold a digit at that place, and rounds the others as before', () => {
    expect(roundTo(1e308, 2)).toBe(1e308)
    expect(roundTo(-1e308, 10)).toBe(-1e308)
    expect(roundTo(2 ** 60 + 0, 3)).toBe(2 ** 60)
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(-2.5, 0)).toBe(-3)
    expect(roundTo(0, 10)).toBe(0)
  })

  it("a formula's round() of a huge value stays finite", () => {
    const formula = parseFormula('round(x, 2)')
    if (formula instanceof Error) throw formula
    expect(evaluateFormula(formula, () => 1e308)).toBe(1e308)
  })
})

describe('claimed results in any case (audit s9 F12)', () => {
  const layout: FormLayout = {
    version: 2,
    title: 'Claims',
    controls: [
      ...RATIO_TABLE_CONTROLS,
      { type: 'testField', id: 'visual', variable: 'visual', label: 'Visual', testType: 'passFail' },
    ],
  }

  it('writes each claim in its stored spelling and leaves other words for the schema', () => {
    expect(['pass', 'FAIL', 'N/A', '-', 'maybe', 3].map(canonicalResult)).toEqual([
      'Pass',
      'Fail',
      'n/a',
      '-',
      'maybe',
      3,
    ])
    const data = {
      ratioGroup: 'pass',
      visual: { value: 'Pass', passOrFail: 'pASS' },
      ratios: [{ measured: { value: 10, passOrFail: 'fail' }, remark: 'pass' }, { measured: 10 }],
    }
    expect(canonicalClaims(layout, data)).toEqual({
      ratioGroup: 'Pass',
      visual: { value: 'Pass', passOrFail: 'Pass' },
      ratios: [{ measured: { value: 10, passOrFail: 'Fail' }, remark: 'pass' }, { measured: 10 }],
    })
  })

  it('answers the same data, and the same rows, when every claim is already spelled as stored', () => {
    const data = { ratioGroup: 'Pass', ratios: [{ measured: { value: 10, passOrFail: 'Pass' } }] }
    expect(canonicalClaims(layout, data)).toBe(data)
  })
})

describe('numbers in decimal notation only (audit s9 S4)', () => {
  it('reads decimal text and nothing Number() also reads', () => {
    expect(['12', ' -0.5 ', '.5', '5.', '+1e3', '2E-2'].map(decimalNumber)).toEqual([
      12, -0.5, 0.5, 5, 1000, 0.02,
    ])
    for (const text of ['0x10', '0b11', '0o7', 'Infinity', '', ' ', '1,5', '1_000', '1e400'])
      expect(decimalNumber(text)).toBeUndefined()
  })

  it('a parameter, a formula input and a test value typed 0x10 are text, never 16', () => {
    expect(
      parameterValues([
        { key: 'limit', value: '0x10' },
        { key: 'ratio', value: ' 10.5 ' },
      ]),
    ).toEqual({
      limit: '0x10',
      ratio: 10.5,
    })
    expect(numberOf('0x10')).toBeNull()
    expect(numberOf({ value: '0b11' })).toBeNull()
    expect(numberOf('7')).toBe(7)
    expect(asNumber('0x10')).toBeUndefined()
    expect(asNumber('16')).toBe(16)
  })
})
