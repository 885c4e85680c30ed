import fc from 'fast-check'
import jsonLogic from 'json-logic-js'
import { describe, expect, it } from 'vitest'
import { parameterValues } from '../entities/test-parameter'
import { conditionHolds } from './conditions'
import { COMPARISON_OPERATORS, type Condition } from './condition-schema'
import { deriveRecord, rulesOf } from './derive'
import type { FormLayout } from './layout-schema'
import { requiredNow } from './required-now'

/**
 * Conditions read a text as a number in decimal notation only, as formulas, limits and the judge do
 * (rule-values.ts `decimalNumber`, docs/decisions.md "Numbers are decimal"): JSON Logic's own comparisons
 * read '0x10' as 16 and '' as 0.
 */

type Operator = (typeof COMPARISON_OPERATORS)[number]
const holds = (operator: Operator, value: unknown, literal: unknown) =>
  conditionHolds({ [operator]: [{ var: 'x' }, literal] } as Condition, { x: value })
/** What each of ==, !=, >, >=, <, <= answers for one value and literal. */
const answers = (value: unknown, literal: unknown) =>
  Object.fromEntries(COMPARISON_OPERATORS.map((op) => [op, holds(op, value, literal)]))
const none = { '==': false, '!=': true, '>': false, '>=': false, '<': false, '<=': false }

describe('conditions read numbers in decimal notation only (audit s9 S4)', () => {
  it.each([
    ['a hexadecimal', '0x10', 16, true],
    ['a binary', '0b11', 3, true],
    ['an octal', '0o7', 7, true],
    ['an empty', '', 0, true],
    ['a blank', '  ', 0, true],
    ['the Infinity', 'Infinity', 16, false],
    ['a digit-grouped', '1_000', 1000, false],
  ])('%s text compared with a number is no number for any operator', (_, text, n, readByJsonLogic) => {
    // JSON Logic itself read the first five as that number ('0x10' == 16 held).
    expect(jsonLogic.apply({ '==': [{ var: 'x' }, n] }, { x: text })).toBe(readByJsonLogic)
    expect(answers(text, n)).toEqual(none)
    expect(answers(text, 1)).toEqual(none)
    // The same with the number on the variable's side (a parameter of 16 against a literal '0x10').
    expect(conditionHolds({ '==': [{ var: 'x' }, text] }, { x: n })).toBe(false)
    expect(conditionHolds({ '<': [{ var: 'x' }, text] }, { x: -1 })).toBe(false)
  })

  it('reads decimal text, with spaces around it, as its number for every operator', () => {
    const all = { '==': true, '!=': false, '>': false, '>=': true, '<': false, '<=': true }
    for (const text of ['12', ' 12 ', '\t12\n', '12.0', '1.2e1', '+12'])
      expect(answers(text, 12)).toEqual(all)
    expect(answers('-0.5', 0)).toEqual({
      '==': false,
      '!=': true,
      '>': false,
      '>=': false,
      '<': true,
      '<=': true,
    })
    expect(answers('1e3', 999)).toEqual({
      '==': false,
      '!=': true,
      '>': true,
      '>=': true,
      '<': false,
      '<=': false,
    })
  })

  it('an empty value (null) is no number: it is below nothing, as a formula reads it', () => {
    // JavaScript read null as 0, so an empty value was "less than 10".
    expect(jsonLogic.apply({ '<': [{ var: 'x' }, 10] }, { x: null })).toBe(true)
    expect(answers(null, 10)).toEqual(none)
    expect(answers(null, 0)).toEqual(none)
    expect(answers(undefined, 0)).toEqual(none)
    expect(conditionHolds({ '==': [{ var: 'missing' }, null] }, {})).toBe(true)
  })

  it('true/false compare as 1/0 with numbers and decimal text, never with 0x1 or empty text', () => {
    expect(answers(true, 1)).toMatchObject({ '==': true, '>=': true, '>': false })
    expect(answers(false, 0)).toMatchObject({ '==': true, '<=': true })
    expect(answers(true, ' 1 ')).toMatchObject({ '==': true })
    expect(answers(true, '0x1')).toEqual(none)
    // JavaScript: false == '' (both 0).
    expect(jsonLogic.apply({ '==': [{ var: 'x' }, ''] }, { x: false })).toBe(true)
    expect(answers(false, '')).toEqual(none)
  })

  it('two texts compare as text, as before: equal when identical, ordered as text (ISO dates)', () => {
    expect(answers('0x10', '0x10')).toMatchObject({ '==': true, '>=': true, '<=': true, '>': false })
    expect(answers('0x10', '16')).toMatchObject({ '==': false, '!=': true })
    expect(answers('12', ' 12 ')).toMatchObject({ '==': false })
    expect(answers('b', 'a')).toEqual({
      '==': false,
      '!=': true,
      '>': true,
      '>=': true,
      '<': false,
      '<=': false,
    })
    expect(answers('2026-07-01', '2026-06-30')).toMatchObject({ '>': true, '<': false })
    expect(answers('10', '9')).toMatchObject({ '>': false, '<': true })
  })

  it('agrees with JSON Logic wherever no text outside decimal notation nor an empty value is read', () => {
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -3, max: 3 }),
      fc.boolean(),
      fc.constantFrom('12', ' 12 ', '-0.5', '1e3', '0', '1', 'Pass', 'Fail', 'n/a', 'abc', '2026-07-01'),
    )
    fc.assert(
      fc.property(fc.constantFrom(...COMPARISON_OPERATORS), value, value, (op, x, literal) => {
        const logic = { [op]: [{ var: 'x' }, literal] }
        expect(holds(op, x, literal)).toBe(jsonLogic.truthy(jsonLogic.apply(logic, { x })))
      }),
    )
  })

  it('keeps and/or as JSON Logic has them', () => {
    const scope = { x: '0x10', y: 0, z: '' }
    expect(conditionHolds({ and: [{ '!!': { var: 'x' } }, { '>': [{ var: 'x' }, 10] }] }, scope)).toBe(false)
    expect(conditionHolds({ or: [{ '!': { var: 'z' } }, { '>': [{ var: 'x' }, 10] }] }, scope)).toBe(true)
    expect(conditionHolds({ and: [] } as unknown as Condition, scope)).toBe(false)
  })
})

describe("'has a value' (!!) and 'is empty' (!): a measured 0 is a value", () => {
  const presence = (value: unknown) => ({
    has: conditionHolds({ '!!': { var: 'x' } }, { x: value }),
    empty: conditionHolds({ '!': { var: 'x' } }, { x: value }),
  })

  it.each([
    ['0', 0],
    ['-0.5', -0.5],
    ["the text '0'", '0'],
    ['a ticked checkbox', true],
    ['a text', 'abc'],
    ['a list of one', ['a']],
    ["a test field's result", 'Fail'],
  ])('%s has a value', (_, value) => expect(presence(value)).toEqual({ has: true, empty: false }))

  it.each([
    ['nothing (null)', null],
    ['a missing variable', undefined],
    ['an empty text', ''],
    ['an empty list', []],
    ['an unticked checkbox', false],
  ])('%s is empty', (_, value) => expect(presence(value)).toEqual({ has: false, empty: true }))

  it('reads 0 as JSON Logic does not (its truthiness read a measured 0 as empty)', () => {
    expect(jsonLogic.apply({ '!!': { var: 'x' } }, { x: 0 })).toBe(false)
    expect(conditionHolds({ '!!': [{ var: 'x' }] } as unknown as Condition, { x: 0 })).toBe(true)
  })

  it('shows a control whose condition asks for a value when a calculated drift is 0', () => {
    const layout: FormLayout = {
      version: 2,
      title: 'Zero',
      controls: [
        { type: 'singletext', id: 'reading', variable: 'reading', label: 'Reading' },
        { type: 'calculated', id: 'drift', variable: 'drift', label: 'Drift', formula: 'reading - 5' },
        {
          type: 'multitext',
          id: 'note',
          variable: 'note',
          label: 'Note',
          visibleIf: { '!!': { var: 'drift' } },
        },
      ],
    }
    const rules = rulesOf(layout)
    const derived = (reading: string | null) => deriveRecord(rules, { reading, drift: null, note: null })
    expect(derived('5').data.drift).toBe(0)
    expect(derived('5').hidden.has('note')).toBe(false)
    expect(derived('7').hidden.has('note')).toBe(false)
    expect(derived(null).hidden.has('note')).toBe(true)
  })
})

describe('a layout condition on a parameter or a text typed 0x10 (audit s9 S4)', () => {
  const layout: FormLayout = {
    version: 2,
    title: 'Ratio',
    controls: [
      { type: 'singletext', id: 'reading', variable: 'reading', label: 'Reading' },
      {
        type: 'multitext',
        id: 'why',
        variable: 'why',
        label: 'Why so high',
        visibleIf: { or: [{ '>': [{ var: 'param.ratio' }, 10] }, { '>': [{ var: 'reading' }, 10] }] },
        requiredIf: { '>=': [{ var: 'reading' }, 10] },
      },
    ],
  }
  const rules = rulesOf(layout)
  const shown = (reading: string | null, ratio: string) => {
    const params = parameterValues([{ key: 'ratio', value: ratio }])
    const derived = deriveRecord(rules, { reading, why: null }, params)
    return { shown: !derived.hidden.has('why'), required: requiredNow(rules, derived, params).length > 0 }
  }

  it('hides and does not require a control whose condition reads 0x10, 0b11, blank or empty', () => {
    for (const [reading, ratio] of [
      ['0x10', '0x10'],
      ['0b1111', '0b1111'],
      ['  ', ''],
      ['', '0o77'],
      [null, '0x10'],
    ] as const)
      expect(shown(reading, ratio)).toEqual({ shown: false, required: false })
  })

  it('shows and requires it for the same values in decimal notation', () => {
    expect(shown(' 16 ', '1')).toEqual({ shown: true, required: true })
    expect(shown(null, '16')).toEqual({ shown: true, required: false })
    expect(shown('1.6e1', '0x10')).toEqual({ shown: true, required: true })
  })
})
