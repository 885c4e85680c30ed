import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout'
import { compileLayout } from './compile-layout'
import { precompileValidators, validateData, validateField } from './field-validation'

const compiled = compileLayout({
  version: 2,
  title: 'T',
  controls: [
    { type: 'testEquipment', variable: 'equipment', label: 'Multimeters', min: 2 },
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'multiselect', variable: 'faults', label: 'Faults', values: ['A', 'B', 'C'], maxValues: 2 },
    { type: 'timespan', variable: 'freq', label: 'Frequency', unit: 'months' },
    { type: 'testField', variable: 'ir', label: 'IR', testType: 'numeric', min: 0, max: 1 },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'dropdown', variable: 'site', label: 'Site', values: ['North'] },
  ],
} satisfies FormLayout)

describe('validateField', () => {
  it('gives SPEC text when too little test equipment is picked (SPEC §5 Data entry save)', () => {
    const message = 'At least 2 test equipment required for Multimeters'
    expect(validateField(compiled, 'equipment', null)).toEqual([message])
    expect(validateField(compiled, 'equipment', [7])).toEqual([message])
    expect(validateField(compiled, 'equipment', [7, 9])).toEqual([])
  })

  it.each([
    ['serial', '', false],
    ['serial', 'SN:1', true],
    ['faults', ['A', 'B'], true],
    ['faults', ['A', 'B', 'C'], false],
    ['faults', ['Z'], false],
    ['faults', null, true],
    ['freq', 'P3M', true],
    ['freq', '3 months', false],
    ['ir', { value: 0.5, passOrFail: 'Pass' }, true],
    ['ir', { value: 0.5, passOrFail: 'maybe' }, false],
    ['ir', { value: 'x', passOrFail: 'Fail' }, false],
    ['date', '2024-02-29', true],
    ['date', '29-02-2024', false],
    ['site', 'North', true],
    ['site', 'East', false],
  ])('%s = %o valid: %s', (variable, value, valid) => {
    expect(validateField(compiled, variable, value).length === 0).toBe(valid)
  })

  // The server refuses the same values with the same texts (it puts the label in front of these).
  it.each([
    ['serial', 12, 'must be text'],
    ['serial', '', 'Serial is required.'],
    ['date', '2024-02-30', 'must be a date (yyyy-MM-dd, or an ISO 8601 date and time)'],
    ['freq', '3 months', 'must be an ISO 8601 duration such as P12M, with a value of 0 or more'],
    ['faults', ['A', 'B', 'C'], 'allows at most 2 values'],
    ['site', 'East', 'must be one of North'],
    ['ir', { value: 'x', passOrFail: 'Fail' }, 'must be a test result: a value and Pass, Fail, - or n/a'],
    ['equipment', ['x', 'y'], 'must be a list of distinct test equipment ids'],
  ])('%s = %o reads %s', (variable, value, message) => {
    expect(validateField(compiled, variable, value)).toEqual([message])
  })

  it('names the required field', () => {
    expect(validateField(compiled, 'serial', null)).toEqual(['Serial is required.'])
  })
})

describe('validateData', () => {
  it('lists only the variables with problems, treating missing keys as empty', () => {
    expect(validateData(compiled, { equipment: [1, 2], serial: 'SN:1', faults: ['A', 'A'] })).toEqual({
      faults: ['must NOT have duplicate items (items ## 1 and 0 are identical)'],
    })
    expect(Object.keys(validateData(compiled, {}))).toEqual(['equipment', 'serial'])
  })

  it('compiles each distinct field schema once', () => {
    const many = compileLayout({
      version: 2,
      title: 'big',
      controls: Array.from({ length: 300 }, (_, i) => ({
        type: 'multitext' as const,
        variable: `f${i}`,
        label: 'Same',
      })),
    })
    const before = precompileValidators(compiled)
    expect(precompileValidators(many)).toBe(before + 1)
  })
})
