import { describe, expect, it } from 'vitest'
import type { TestFieldControl } from './control-schemas'
import { testReason } from './judge-disagreements'

const ratio = {
  type: 'testField',
  testType: 'numeric',
  variable: 'ratio',
  label: 'Ratio',
  min: 0,
  max: 5,
} as TestFieldControl

/** What the judge says decided a numeric test: a value in another notation is no number (audit s9, S4). */
describe('testReason', () => {
  it('says a hexadecimal or binary value is not a number, not that it is outside the limits', () => {
    expect(testReason(ratio, { value: '0x10', na: false } as never, 'Fail')).toBe('"0x10" is not a number')
    expect(testReason(ratio, { value: '0b1', na: false } as never, 'Fail')).toBe('"0b1" is not a number')
  })

  it('says a decimal value is within or outside the limits', () => {
    expect(testReason(ratio, { value: '7', na: false } as never, 'Fail')).toMatch(/^"7" is outside /)
    expect(testReason(ratio, { value: 3, na: false } as never, 'Pass')).toMatch(/^3 is within /)
  })
})
