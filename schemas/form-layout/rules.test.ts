import { describe, expect, it } from 'vitest'
import type { FormLayout } from './index'
import { conditionHolds } from './conditions'
import { deriveRecord, rulesOf } from './derive'
import { evaluateFormula, parseFormula, type Formula } from './formula'
import { judgeRecord } from './judge'
import { findDisagreements } from './judge-disagreements'
import { validateLayout } from './validate-layout'
import { describeLayoutIssue } from './issue-names'
import { choiceIssues } from './rule-issues'
import { RATIO_TEST_CONTROLS } from './rules-fixture'

const formula = (text: string): Formula => {
  const parsed = parseFormula(text)
  if (parsed instanceof Error) throw parsed
  return parsed
}
const calc = (text: string, values: Record<string, number | null> = {}) =>
  evaluateFormula(formula(text), (name) => values[name] ?? null)

describe('formulas (issue #14)', () => {
  it('does arithmetic with min, max, abs, round and if', () => {
    expect(calc('(a - b) / b * 100', { a: 10.05, b: 10 })).toBeCloseTo(0.5)
    expect(calc('min(a, b, 3) + max(a, b)', { a: 1, b: 2 })).toBe(3)
    expect(calc('abs(a - b)', { a: 1, b: 4 })).toBe(3)
    expect(calc('round(a, 2)', { a: 1.005 })).toBe(1.01)
    expect(calc('round(a)', { a: -2.5 })).toBe(-3)
    expect(calc('if(a > 1, 10, 20)', { a: 2 })).toBe(10)
    expect(calc('if(a > 1, 10, 20)', { a: 0 })).toBe(20)
    expect(calc('param.ratio * 2', { 'param.ratio': 11.5 })).toBe(23)
  })

  it('is unset (null, never NaN) when an input is missing or there is no answer', () => {
    expect(calc('a + 1')).toBeNull()
    expect(calc('a / b', { a: 1, b: 0 })).toBeNull()
    expect(calc('a % b', { a: 1, b: 0 })).toBeNull()
    expect(calc('if(a, 1, b)', { a: 0 })).toBeNull()
  })

  it('refuses what a formula may not contain, saying what', () => {
    expect(parseFormula('a +')).toBeInstanceOf(Error)
    expect((parseFormula('alert(1)') as Error).message).toContain('alert is not a function of formulas')
    expect((parseFormula('"text"') as Error).message).toContain('is not a number')
    expect((parseFormula('a.b') as Error).message).toBe('only param.name may use a dot')
    expect((parseFormula('abs(1, 2)') as Error).message).toBe('abs does not take 2 values')
    expect((parseFormula('a = 1') as Error).message).toBeTruthy()
  })
})

describe('conditions (issue #14)', () => {
  it('evaluates all/any of comparisons with json-logic-js', () => {
    const scope = { classI: true, voltage: 230, result: 'Pass', param: { phases: 3 } }
    expect(conditionHolds({ '==': [{ var: 'classI' }, true] }, scope)).toBe(true)
    expect(
      conditionHolds({ and: [{ '>=': [{ var: 'voltage' }, 230] }, { '!!': { var: 'result' } }] }, scope),
    ).toBe(true)
    expect(
      conditionHolds(
        { or: [{ '<': [{ var: 'voltage' }, 100] }, { '==': [{ var: 'param.phases' }, 3] }] },
        scope,
      ),
    ).toBe(true)
    expect(conditionHolds({ '!': { var: 'missing' } }, scope)).toBe(true)
    expect(conditionHolds({ '!=': [{ var: 'result' }, 'Pass'] }, scope)).toBe(false)
  })
})

/** The shared ratio test, plus an explanation required when the tests fail. */
const layout: FormLayout = {
  version: 2,
  title: 'Ratio test',
  controls: [
    ...RATIO_TEST_CONTROLS,
    {
      type: 'multitext',
      id: 'm1',
      variable: 'why',
      label: 'Why it failed',
      requiredIf: { '==': [{ var: 'tests' }, 'Fail'] },
    },
  ],
}

describe('the judge with rules (issue #14)', () => {
  it('computes calculations, judges the tests that take them, hides controls and counts hidden tests as n/a', () => {
    const judged = judgeRecord(layout, {
      classI: false,
      earth: { value: 5, passOrFail: 'Fail' },
      measured: '10.04',
    })
    expect(judged.data.deviation).toBe(0.4)
    expect(judged.data.deviationTest).toEqual({ value: 0.4, passOrFail: 'Pass' })
    expect(judged.hidden.has('earth')).toBe(true)
    expect(judged.hiddenIds.has('classINote')).toBe(true)
    expect('earth' in judged.data).toBe(false)
    // The hidden earth test does not fail its group.
    expect(judged.groups.tests).toBe('Pass')
    expect(judged.overall).toBe('Pass')

    const shown = judgeRecord(layout, { classI: true, earth: { value: 5 }, measured: '10.1' })
    expect(shown.data.deviation).toBe(1)
    expect(shown.tests.earth).toBe('Fail')
    expect(shown.tests.deviationTest).toBe('Fail')
    expect(shown.groups.tests).toBe('Fail')
  })

  it('refuses a forged calculated value, a valueFrom value and a value for a hidden control, naming each', () => {
    const input = {
      classI: false,
      earth: { value: 0.05 },
      measured: '10.04',
      deviation: 0.2,
      deviationTest: { value: 0.2 },
    }
    const messages = findDisagreements(layout, input, judgeRecord(layout, input)).map((d) => d.message)
    expect(messages).toEqual([
      'earth: it is hidden by its condition, so it takes no value',
      'deviation: its formula (measured - 10) / 10 * 100 gives 0.4, not 0.2',
      'deviationTest: its value comes from deviation (0.4), not 0.2',
    ])
  })

  it('requires a control while its condition holds, and a required control only while it is shown', async () => {
    const { missingRequired } = await import('./required-now')
    const rules = rulesOf(layout)
    const failing = deriveRecord(rules, { classI: true, earth: null, measured: '12', tests: 'Fail' })
    expect(missingRequired(rules, failing).map((c) => ('variable' in c ? c.variable : ''))).toEqual([
      'earth',
      'why',
    ])
    const hidden = deriveRecord(rules, { classI: false, measured: '10', tests: 'Pass' })
    expect(missingRequired(rules, hidden)).toEqual([])
  })
})

describe('layout schema and checks of rules (issue #14)', () => {
  it('accepts the new controls and properties', () => {
    expect(validateLayout(layout)).toMatchObject({ ok: true })
  })

  it.each([
    [
      'an operator the builder does not know',
      { visibleIf: { '===': [{ var: 'classI' }, true] } },
      'unknown property "==="',
    ],
    [
      'a comparison without a variable',
      { visibleIf: { '==': ['classI', true] } },
      'compares a value with no variable',
    ],
    [
      'two operators in one rule',
      { visibleIf: { '==': [{ var: 'a' }, 1], '!=': [{ var: 'a' }, 2] } },
      'must NOT have more than 1 properties',
    ],
  ])('refuses %s', (_, extra, message) => {
    const result = validateLayout({ ...layout, controls: [{ ...layout.controls[0], ...extra }] })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues.map((i) => i.message)).toContain(message)
  })

  it('refuses formulas that do not parse, name unknown variables or go round in a circle, and bad valueFrom', () => {
    const bad = validateLayout({
      version: 2,
      title: 'T',
      controls: [
        { type: 'calculated', variable: 'a', label: 'A', formula: 'b + 1' },
        { type: 'calculated', variable: 'b', label: 'B', formula: 'a * 2' },
        { type: 'calculated', variable: 'c', label: 'C', formula: 'nope + (' },
        { type: 'calculated', variable: 'd', label: 'D', formula: 'ghost * 2' },
        { type: 'testField', variable: 't', label: 'T', testType: 'numeric', valueFrom: 'd2' },
        { type: 'checkbox', variable: 'x', label: 'X', visibleIf: { '!!': { var: 'phantom' } } },
      ],
    })
    expect(bad.ok).toBe(false)
    if (!bad.ok)
      expect(bad.issues).toEqual([
        { path: '/controls/0/formula', message: 'reads its own value through other calculations' },
        { path: '/controls/1/formula', message: 'reads its own value through other calculations' },
        { path: '/controls/2/formula', message: expect.stringContaining('cannot be read:') },
        { path: '/controls/3/formula', message: 'names unknown variable "ghost"' },
        { path: '/controls/4/valueFrom', message: '"d2" is not a calculated value' },
        { path: '/controls/5/visibleIf', message: 'names unknown variable "phantom"' },
      ])
  })
})

describe('CSV cells of rule controls (issue #14)', () => {
  it("a condition on a table reads the table's result, judged from its values (issue #14)", () => {
    const layout = {
      controls: [
        {
          type: 'table',
          id: 't',
          variable: 'readings',
          label: 'Readings',
          rowLabels: ['1', '2'],
          columns: [{ type: 'testField', id: 'c', variable: 'v', label: 'V', testType: 'numeric', max: 5 }],
        },
        {
          type: 'singletext',
          id: 'why',
          variable: 'why',
          label: 'Why did it fail?',
          visibleIf: { '==': [{ var: 'readings' }, 'Fail'] },
        },
      ],
    } as unknown as FormLayout
    const rows = (a: number, b: number) => [{ v: a }, { v: b }]
    expect(judgeRecord(layout, { readings: rows(1, 2), why: null }).hidden.has('why')).toBe(true)
    expect(judgeRecord(layout, { readings: rows(1, 9), why: 'x' }).hidden.has('why')).toBe(false)
    // Bare values are judged for the condition (a claimed Pass on a failing value does not hide it).
    const claimed = [{ v: { value: 9, passOrFail: 'Pass' } }, { v: 1 }]
    expect(judgeRecord(layout, { readings: claimed, why: 'x' }).hidden.has('why')).toBe(false)
  })

  it('a condition on a group reads the result its members give now, not the one stored with them', () => {
    const layout = {
      controls: [
        {
          type: 'group',
          id: 'g',
          variable: 'checks',
          label: 'Checks',
          children: [{ type: 'testField', id: 't', variable: 't', label: 'T', testType: 'numeric', max: 5 }],
        },
        {
          type: 'singletext',
          id: 'why',
          variable: 'why',
          label: 'Why did it fail?',
          visibleIf: { '==': [{ var: 'checks' }, 'Fail'] },
        },
      ],
    } as unknown as FormLayout
    // The stored group result is the previous edit's: the condition follows the values, both ways.
    const failing = judgeRecord(layout, { t: 9, checks: 'Pass', why: 'x' })
    expect([failing.groups.checks, failing.hidden.has('why')]).toEqual(['Fail', false])
    const passing = judgeRecord(layout, { t: 1, checks: 'Fail', why: null })
    expect([passing.groups.checks, passing.hidden.has('why')]).toEqual(['Pass', true])
    expect(judgeRecord(layout, { t: 9 }).hidden.has('why')).toBe(false)
  })

  it('reads a calculated cell as a number, and an unticked hidden checkbox is not a value', async () => {
    const { textDataReader } = await import('./text-values')
    const read = textDataReader(layout)
    const data = read({ classI: '', measured: '10.04', deviation: '0.4' })
    expect(data).toMatchObject({ classI: false, measured: '10.04', deviation: 0.4 })
    const hiddenCheckbox: FormLayout = {
      version: 2,
      title: 'T',
      controls: [
        { type: 'checkbox', variable: 'a', label: 'A' },
        { type: 'checkbox', variable: 'b', label: 'B', visibleIf: { '==': [{ var: 'a' }, true] } },
      ],
    }
    const input = textDataReader(hiddenCheckbox)({ a: '', b: '' })
    expect(findDisagreements(hiddenCheckbox, input, judgeRecord(hiddenCheckbox, input))).toEqual([])
    expect(judgeRecord(layout, data).data.deviation).toBe(0.4)
  })
})

describe('selection choices (designer audit, 29 Nov)', () => {
  const selection = (choices: string[]): FormLayout => ({
    version: 2,
    title: 'Visual',
    controls: [
      {
        type: 'testField',
        variable: 'finish',
        label: 'Finish',
        testType: 'selection',
        choices,
        passChoice: choices[0],
      },
      {
        type: 'table',
        variable: 'marks',
        label: 'Marks',
        rowLabels: ['A'],
        columns: [
          {
            type: 'testField',
            variable: 'legible',
            label: 'Legible',
            testType: 'selection',
            choices,
            passChoice: choices[0],
          },
        ],
      },
    ],
  })

  it('finds a choice listed twice (in any case), naming the control or the column', () => {
    const layout = selection(['Good', 'Worn', 'good '])
    expect(choiceIssues(layout).map((issue) => describeLayoutIssue(layout, issue))).toEqual([
      '"Finish" (finish): Choices must all be different: "good" is listed twice',
      '"Marks" (marks): Column "Legible" choices must all be different: "good" is listed twice',
    ])
    expect(choiceIssues(selection(['Good', 'Worn']))).toEqual([])
  })

  it('still loads a stored layout whose choices repeat (checked on save, not on load)', () => {
    expect(validateLayout(selection(['Good', 'Worn', 'good '])).ok).toBe(true)
  })
})
