import { describe, expect, it } from 'vitest'
import { storedValue } from './condition-rows'

/** A value typed in the condition builder is stored as the condition will read it (audit s9, S4). */
describe('storedValue', () => {
  it('stores decimal numbers as numbers, true/false as booleans and nothing as null', () => {
    expect(storedValue('12')).toBe(12)
    expect(storedValue(' -0.5 ')).toBe(-0.5)
    expect(storedValue('1e3')).toBe(1000)
    expect(storedValue('true')).toBe(true)
    expect(storedValue('')).toBeNull()
  })

  it('keeps any other notation as the text typed: 0x10 is not 16', () => {
    expect(storedValue('0x10')).toBe('0x10')
    expect(storedValue('0b11')).toBe('0b11')
    expect(storedValue('Infinity')).toBe('Infinity')
    expect(storedValue('Dyn11')).toBe('Dyn11')
  })
})
