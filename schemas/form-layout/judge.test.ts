import { describe, expect, it } from 'vitest'
import type { FormLayout, TestFieldControl } from './index'
import { judgeRecord } from './judge'
import { findDisagreements } from './judge-disagreements'

const numeric = (variable: string, min?: number, max?: number, extra: Partial<TestFieldControl> = {}) =>
  ({
    type: 'testField',
    variable,
    label: variable,
    testType: 'numeric',
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...extra,
  }) as TestFieldControl

const one = (control: TestFieldControl): FormLayout => ({ version: 2, title: 'T', controls: [control] })
const resultOf = (control: TestFieldControl, value: unknown) =>
  judgeRecord(one(control), { [control.variable]: value }).tests[control.variable]

describe('judge: a test field (SPEC §4 "Test result per field")', () => {
  it.each([
    ['exactly min', numeric('v', 1, 5), 1, 'Pass'],
    ['exactly max', numeric('v', 1, 5), 5, 'Pass'],
    ['just under min', numeric('v', 1, 5), 0.999, 'Fail'],
    ['just over max', numeric('v', 1, 5), 5.001, 'Fail'],
    ['negative min, exactly', numeric('v', -0.5, 0.5), -0.5, 'Pass'],
    ['negative min, just outside', numeric('v', -0.5, 0.5), -0.51, 'Fail'],
    ['one-decimal limits, two-decimal value inside', numeric('v', 0, 0.1), 0.05, 'Pass'],
    ['one-decimal limits, two-decimal value outside', numeric('v', 0, 0.1), 0.11, 'Fail'],
    ['min only', numeric('v', 1000), 1e6, 'Pass'],
    ['max only', numeric('v', undefined, 1.25), 1.26, 'Fail'],
    ['numeric text', numeric('v', 1, 5), '4', 'Pass'],
    ['not a number', numeric('v', 1, 5), 'abc', 'Fail'],
    ['unset', numeric('v', 1, 5), null, '-'],
    ['unset, empty text', numeric('v', 1, 5), '', '-'],
  ] as const)('numeric %s → %s', (_, control, value, expected) => {
    expect(resultOf(control, value)).toBe(expected)
    expect(resultOf(control, { value, passOrFail: 'Pass' })).toBe(expected)
  })

  const selection: TestFieldControl = {
    type: 'testField',
    variable: 's',
    label: 'S',
    testType: 'selection',
    choices: ['Dyn11', 'Dyn1'],
    passChoice: 'Dyn11',
  }
  const yesNo: TestFieldControl = { type: 'testField', variable: 'y', label: 'Y', testType: 'yesNo' }
  const passFail: TestFieldControl = { type: 'testField', variable: 'p', label: 'P', testType: 'passFail' }
  it.each([
    ['selection, the pass choice', selection, 'Dyn11', 'Pass'],
    ['selection, another choice', selection, 'Dyn1', 'Fail'],
    ['yes/no defaults to Yes', yesNo, 'Yes', 'Pass'],
    ['yes/no, No', yesNo, 'No', 'Fail'],
    ['yes/no with pass choice No', { ...yesNo, passChoice: 'No' }, 'No', 'Pass'],
    ['pass/fail defaults to Pass', passFail, 'Pass', 'Pass'],
    ['pass/fail, Fail', passFail, 'Fail', 'Fail'],
    ['pass/fail unset', passFail, null, '-'],
  ] as const)('%s → %s', (_, control, value, expected) => {
    expect(resultOf(control, value)).toBe(expected)
  })

  it('n/a forces n/a (sent as n/a or stored as "-") where the control offers it, and clears the value', () => {
    const control = numeric('v', 1, 5, { naOption: true })
    for (const claimed of ['n/a', '-']) {
      const judged = judgeRecord(one(control), { v: { value: null, passOrFail: claimed } })
      expect(judged.tests.v).toBe('n/a')
      expect(judged.data.v).toEqual({ value: null, passOrFail: 'n/a' })
    }
    // Without the n/a option, '-' with no value is simply unset.
    expect(resultOf(numeric('v', 1, 5), { value: null, passOrFail: '-' })).toBe('-')
    // A value wins over a claimed n/a: the value is judged.
    expect(resultOf(control, { value: 9, passOrFail: 'n/a' })).toBe('Fail')
  })
})

const nested: FormLayout = {
  version: 2,
  title: 'T',
  controls: [
    { type: 'checkbox', variable: 'skip', label: 'Skip' },
    {
      type: 'group',
      variable: 'outer',
      label: 'Outer',
      children: [
        { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
        {
          type: 'group',
          variable: 'inner',
          label: 'Inner',
          children: [numeric('ir', 1, 5, { naOption: true }), numeric('pi', 2)],
        },
      ],
    },
    { type: 'group', variable: 'listed', label: 'Listed', tests: ['pi'], children: [] },
    { type: 'group', variable: 'empty', label: 'Empty', children: [] },
  ],
}

describe('judge: groups and the overall result (SPEC §4 "Group results")', () => {
  it('a group passes only if every test in it passes or is n/a; nested groups count as one test', () => {
    const judged = judgeRecord(nested, {
      sealed: true,
      ir: { value: null, passOrFail: 'n/a' },
      pi: { value: 3, passOrFail: 'Pass' },
    })
    expect(judged.groups).toEqual({ inner: 'Pass', outer: 'Pass', listed: 'Pass', empty: 'Fail' })
    expect(judged.overall).toBe('Fail') // the empty group never passes
    const failing = judgeRecord(nested, { sealed: true, ir: 0, pi: 3 })
    expect(failing.groups).toMatchObject({ inner: 'Fail', outer: 'Fail', listed: 'Pass' })
    expect(judgeRecord(nested, { sealed: false, ir: 2, pi: 3 }).groups.outer).toBe('Fail')
  })

  it('an unset test fails its group; a layout without tests has no overall result', () => {
    expect(judgeRecord(nested, { sealed: true, pi: 3 }).groups.inner).toBe('Fail')
    const plain: FormLayout = {
      version: 2,
      title: 'T',
      controls: [{ type: 'singletext', variable: 'a', label: 'A' }],
    }
    expect(judgeRecord(plain, { a: 'x' }).overall).toBe('-')
  })

  it('groups naming each other in a cycle fail instead of looping', () => {
    const cyclic: FormLayout = {
      version: 2,
      title: 'T',
      controls: [
        { type: 'group', variable: 'a', label: 'A', tests: ['b'], children: [] },
        { type: 'group', variable: 'b', label: 'B', tests: ['a'], children: [] },
      ],
    }
    expect(judgeRecord(cyclic, {}).groups).toEqual({ a: 'Fail', b: 'Fail' })
  })
})

describe('judge: disagreements', () => {
  const layout: FormLayout = {
    version: 2,
    title: 'T',
    controls: [
      {
        type: 'group',
        variable: 'result',
        label: 'Electrical',
        children: [
          numeric('ratioError', -0.5, 0.5),
          {
            type: 'testField',
            variable: 'vectorGroup',
            label: 'Vector group',
            testType: 'selection',
            choices: ['Dyn11', 'Dyn1'],
            passChoice: 'Dyn11',
          },
        ],
      },
    ],
  }
  const check = (data: Record<string, unknown>) =>
    findDisagreements(layout, data, judgeRecord(layout, data)).map((d) => d.message)

  it('names the variable, the value, the limits and the computed result', () => {
    expect(
      check({
        ratioError: { value: 5, passOrFail: 'Pass' },
        vectorGroup: { value: 'Dyn1', passOrFail: 'Pass' },
        result: 'Fail',
      }),
    ).toEqual([
      'ratioError: 5 is outside \u22120.5..0.5, so its result is Fail, not Pass',
      'vectorGroup: "Dyn1" is not the pass choice "Dyn11", so its result is Fail, not Pass',
    ])
  })

  it('a forged group result is named with the tests that did not pass', () => {
    expect(
      check({ ratioError: { value: 5, passOrFail: 'Fail' }, vectorGroup: 'Dyn11', result: 'Pass' }),
    ).toEqual(['result: ratioError did not pass, so its result is Fail, not Pass'])
  })

  it('values only, results left out or claimed in another case, agree', () => {
    expect(check({ ratioError: 0.2, vectorGroup: 'Dyn11' })).toEqual([])
    expect(
      check({ ratioError: { value: 0.2, passOrFail: 'pass' }, vectorGroup: 'Dyn11', result: 'PASS' }),
    ).toEqual([])
    expect(judgeRecord(layout, { ratioError: 0.2, vectorGroup: 'Dyn11' }).data).toEqual({
      ratioError: { value: 0.2, passOrFail: 'Pass' },
      vectorGroup: { value: 'Dyn11', passOrFail: 'Pass' },
      result: 'Pass',
    })
  })
})
