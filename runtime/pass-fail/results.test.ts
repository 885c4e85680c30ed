import { describe, expect, it } from 'vitest'
import type { FormLayout, TestFieldControl } from '../../schemas/form-layout'
import {
  InvalidTestTypeError,
  combineResults,
  evaluateGroup,
  evaluateTest,
  overallResult,
  testFieldValue,
  testTypeIssue,
  toServerData,
  toServerResult,
} from './results'

const numeric = (min?: number, max?: number): TestFieldControl => ({
  type: 'testField',
  variable: 'v',
  label: 'V',
  testType: 'numeric',
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
})
const selection: TestFieldControl = {
  type: 'testField',
  variable: 's',
  label: 'S',
  testType: 'selection',
  choices: ['Red', 'Green', 'Blue'],
  passChoice: 'Green',
}
const yesNo: TestFieldControl = { type: 'testField', variable: 'y', label: 'Y', testType: 'yesNo' }
const passFail: TestFieldControl = { type: 'testField', variable: 'p', label: 'P', testType: 'passFail' }

describe('evaluateTest (SPEC §4 Test result per field)', () => {
  it.each([
    [numeric(1, 5), 1, 'Pass'],
    [numeric(1, 5), 5, 'Pass'],
    [numeric(1, 5), 3.3, 'Pass'],
    [numeric(1, 5), 0.99, 'Fail'],
    [numeric(1, 5), 5.01, 'Fail'],
    [numeric(1, 5), '4', 'Pass'],
    [numeric(1, 5), 'abc', 'Fail'],
    [numeric(1, 5), Number.NaN, 'Fail'],
    [numeric(1, 5), null, '-'],
    [numeric(1, 5), '', '-'],
    [numeric(0), 1e9, 'Pass'],
    [numeric(undefined, 0), -3, 'Pass'],
    [numeric(undefined, 0), 0.1, 'Fail'],
    [selection, 'Green', 'Pass'],
    [selection, 'Red', 'Fail'],
    [selection, null, '-'],
    [yesNo, 'Yes', 'Pass'],
    [yesNo, 'No', 'Fail'],
    [{ ...yesNo, passChoice: 'No' }, 'No', 'Pass'],
    [{ ...yesNo, passChoice: 'No' }, 'Yes', 'Fail'],
    [passFail, 'Pass', 'Pass'],
    [passFail, 'Fail', 'Fail'],
    [{ ...passFail, passChoice: 'Fail' }, 'Fail', 'Pass'],
  ] as const)('%o with %o → %s', (control, value, expected) => {
    expect(evaluateTest(control, value)).toBe(expected)
  })

  it('n/a forces n/a whatever was entered, and clears the value', () => {
    const control = { ...numeric(1, 5), naOption: true }
    expect(evaluateTest(control, 99, true)).toBe('n/a')
    expect(testFieldValue(control, 99, true)).toEqual({ value: null, passOrFail: 'n/a' })
    expect(testFieldValue(control, 3, false)).toEqual({ value: 3, passOrFail: 'Pass' })
  })

  it('rejects an unknown test type with SPEC text', () => {
    const broken = { ...yesNo, testType: 'colour' } as unknown as TestFieldControl
    expect(testTypeIssue(broken)).toBe('A TestField was created here with an invalid test type')
    expect(testTypeIssue(yesNo)).toBeNull()
    expect(() => evaluateTest(broken, 'x')).toThrow(InvalidTestTypeError)
    expect(() => evaluateTest(broken, 'x')).toThrow('A TestField was created here with an invalid test type')
  })
})

describe('group and overall results', () => {
  it.each([
    [[true, 'Pass', 'n/a'], 'Pass'],
    [
      [
        { value: 3, passOrFail: 'Pass' },
        { value: null, passOrFail: 'n/a' },
      ],
      'Pass',
    ],
    [[true, false], 'Fail'],
    [['Pass', 'Fail'], 'Fail'],
    [[{ value: null, passOrFail: '-' }], 'Fail'],
    [[null], 'Fail'],
    [['pass'], 'Fail'],
    [[], 'Pass'],
  ])('%o → %s', (values, expected) => {
    expect(combineResults(values)).toBe(expected)
  })

  const layout: FormLayout = {
    version: 2,
    title: 'T',
    controls: [
      { type: 'checkbox', variable: 'skip', label: 'Skip' },
      {
        type: 'group',
        variable: 'g',
        label: 'G',
        children: [
          { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
          { type: 'testField', variable: 't1', label: 'T1', testType: 'yesNo' },
          { type: 'multitext', variable: 'note', label: 'Note' },
        ],
      },
      { type: 'testField', variable: 't2', label: 'T2', testType: 'numeric', min: 0, max: 1, naOption: true },
    ],
  }
  const group = layout.controls[1] as Extract<FormLayout['controls'][number], { type: 'group' }>

  it('evaluates a group from its tests only', () => {
    const data = { sealed: true, t1: { value: 'Yes', passOrFail: 'Pass' }, note: null }
    expect(evaluateGroup(group, data)).toBe('Pass')
    expect(evaluateGroup(group, { ...data, sealed: false })).toBe('Fail')
  })

  it('overall result needs every test field and group to pass, loose checkboxes do not count', () => {
    const data = { skip: false, g: 'Pass', t2: { value: null, passOrFail: 'n/a' } }
    expect(overallResult(layout, data)).toBe('Pass')
    expect(overallResult(layout, { ...data, g: 'Fail' })).toBe('Fail')
    expect(overallResult(layout, { ...data, t2: { value: 2, passOrFail: 'Fail' } })).toBe('Fail')
  })

  it("sends n/a to the server as '-'", () => {
    expect(toServerResult('n/a')).toBe('-')
    expect(toServerResult('Pass')).toBe('Pass')
    const data = {
      t1: { value: 'Yes', passOrFail: 'Pass' },
      t2: { value: null, passOrFail: 'n/a' },
      note: 'n/a',
    }
    expect(toServerData(layout, data)).toEqual({ ...data, t2: { value: null, passOrFail: '-' } })
    expect(data.t2.passOrFail).toBe('n/a')
  })
})
