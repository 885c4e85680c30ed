import { describe, expect, it } from 'vitest'
import { decimalsOf, numericStep } from './numeric-step'

describe('numericStep (SPEC §5: step from the decimals of min and max)', () => {
  it.each([
    [0.25, 1, 0.01],
    [1, 10, 1],
    [0, 1.5, 0.1],
    [0.001, 0.5, 0.001],
    [-2.75, 3, 0.01],
    [undefined, 0.125, 0.001],
    [5, undefined, 1],
    [1e-7, 1, 1e-7],
    [undefined, undefined, 'any'],
  ] as const)('min %s, max %s → %s', (min, max, step) => {
    expect(numericStep(min, max)).toBe(step)
  })

  it('counts decimals as written', () => {
    expect(decimalsOf(2.5)).toBe(1)
    expect(decimalsOf(100)).toBe(0)
    expect(decimalsOf(1.5e-5)).toBe(6)
    expect(decimalsOf(1e21)).toBe(0)
  })
})
