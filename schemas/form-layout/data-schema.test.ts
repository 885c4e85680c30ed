import { Ajv } from 'ajv'
import addErrors from 'ajv-errors'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { compileDataSchema } from './data-schema'
import type { FormLayout } from './layout-schema'

// The same ajv set-up as the server's and the runtime's: ajv-errors needs allErrors.
const ajv = new Ajv({ allErrors: true, strict: false })
addFormats(ajv)
addErrors(ajv)

const layout: FormLayout = {
  version: 2,
  title: 'Transformer test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Test date' },
    { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
    { type: 'dropdown', variable: 'site', label: 'Site', values: ['North', 'South'] },
    { type: 'multiselect', variable: 'faults', label: 'Faults', values: ['A', 'B', 'C'], maxValues: 2 },
    { type: 'timespan', variable: 'freq', label: 'Frequency', unit: 'months' },
    { type: 'testEquipment', variable: 'equipment', label: 'Meters', min: 2 },
    {
      type: 'group',
      variable: 'result',
      label: 'Tests',
      children: [
        {
          type: 'testField',
          variable: 'ir',
          label: 'IR',
          testType: 'numeric',
          required: true,
          naOption: true,
        },
        { type: 'testField', variable: 'ok', label: 'OK', testType: 'yesNo', required: true },
      ],
    },
  ],
}
const compiled = compileDataSchema(layout)
const validate = ajv.compile(compiled.schema)
const valid = {
  serial: 'NWT:1',
  date: '2026-03-01',
  sealed: true,
  site: 'North',
  faults: ['A'],
  freq: 'P12M',
  equipment: [1, 2],
  result: 'Pass',
  ir: { value: 5, passOrFail: 'Pass' },
  ok: { value: 'Yes', passOrFail: 'Pass' },
}
/** Messages of a record that differs from `valid` in `change`, by variable. */
const messagesOf = (change: Record<string, unknown>, drop: string[] = []) => {
  const data: Record<string, unknown> = { ...valid, ...change }
  for (const key of drop) delete data[key]
  if (validate(data)) return []
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`)
}

describe('compileDataSchema', () => {
  it('lists the required variables (test equipment with a minimum included) and the group dependents', () => {
    expect(compiled.required).toEqual(['serial', 'equipment', 'ir', 'ok'])
    expect(compiled.dependents).toEqual({ ir: ['result'], ok: ['result'] })
    expect(Object.keys(compiled.fields)).toEqual([
      'serial',
      'date',
      'sealed',
      'site',
      'faults',
      'freq',
      'equipment',
      'result',
      'ir',
      'ok',
    ])
  })

  it('accepts what the form stores and what API clients send', () => {
    expect(messagesOf({})).toEqual([])
    expect(messagesOf({ date: '2026-03-01T10:00:00Z', result: 'n/a', site: null, faults: null })).toEqual([])
    // n/a travels as '-' (SPEC §9): a required test with the n/a option takes it, one without does not.
    expect(messagesOf({ ir: { value: null, passOrFail: '-' } })).toEqual([])
    expect(messagesOf({ ok: { value: null, passOrFail: '-' } })).toEqual([
      '/ok must be a test result: a value and Pass, Fail, - or n/a',
    ])
  })

  it.each([
    [{ serial: null }, [], '/serial Serial is required.'],
    [{ serial: '' }, [], '/serial Serial is required.'],
    [{}, ['serial'], '/ Serial is required.'],
    [{ serial: 12 }, [], '/serial must be text'],
    [{ date: '31-02-2026' }, [], '/date must be a date (yyyy-MM-dd, or an ISO 8601 date and time)'],
    [{ sealed: 'yes' }, [], '/sealed must be true or false'],
    [{ site: 'East' }, [], '/site must be one of North, South'],
    [{ faults: ['A', 'B', 'C'] }, [], '/faults allows at most 2 values'],
    [{ faults: ['Z'] }, [], '/faults/0 must be one of A, B, C'],
    [{ freq: '12 months' }, [], '/freq must be an ISO 8601 duration such as P12M, with a value of 0 or more'],
    [{ freq: 'P-1M' }, [], '/freq must be an ISO 8601 duration such as P12M, with a value of 0 or more'],
    [{ equipment: [1] }, [], '/equipment At least 2 test equipment required for Meters'],
    [{ equipment: null }, [], '/equipment At least 2 test equipment required for Meters'],
    [{}, ['equipment'], '/ At least 2 test equipment required for Meters'],
    [{ equipment: ['x', 'y'] }, [], '/equipment must be a list of distinct test equipment ids'],
    [{ result: 'maybe' }, [], '/result must be Pass, Fail, - or n/a'],
    [
      { ir: { value: '5', passOrFail: 'Pass' } },
      [],
      '/ir must be a test result: a value and Pass, Fail, - or n/a',
    ],
    [{ ir: null }, [], '/ir IR is required.'],
  ])('%o without %o → %s', (change, drop, message) => {
    expect(messagesOf(change, drop)).toEqual([message])
  })

  it('takes only its answers in a choice test, at top level and in a table cell (audit walk-csv #1)', () => {
    const choices = compileDataSchema({
      title: 'Choices',
      controls: [
        { type: 'testField', variable: 'pf', label: 'Creep', testType: 'passFail' },
        { type: 'testField', variable: 'yn', label: 'Seal', testType: 'yesNo', naOption: true },
        {
          type: 'testField',
          variable: 'sel',
          label: 'Finish',
          testType: 'selection',
          choices: ['Good', 'Poor'],
          passChoice: 'Good',
        },
        {
          type: 'testField',
          variable: 'one',
          label: 'Only',
          testType: 'selection',
          choices: ['A'],
          passChoice: 'A',
        },
        { type: 'testField', variable: 'odd', label: 'Odd', testType: 'colour' as never },
        {
          type: 'table',
          variable: 'rows',
          label: 'Rows',
          columns: [{ type: 'testField', variable: 'check', label: 'Check', testType: 'passFail' }],
        },
      ],
    })
    const check = ajv.compile(choices.schema)
    const errorsOf = (data: Record<string, unknown>) =>
      check(data) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
    // What the form stores: each answer, unset, n/a as it travels ('-') and as the form holds it.
    expect(
      errorsOf({
        pf: { value: 'Fail', passOrFail: 'Fail' },
        yn: { value: null, passOrFail: '-' },
        sel: { value: 'Poor', passOrFail: 'Fail' },
        one: { value: '', passOrFail: '-' },
        odd: { value: 'red', passOrFail: '-' },
        rows: [
          { check: { value: 'Pass', passOrFail: 'Pass' } },
          { check: { value: null, passOrFail: 'n/a' } },
        ],
      }),
    ).toEqual([])
    expect(
      errorsOf({
        pf: { value: 'maybe', passOrFail: 'Fail' },
        yn: { value: 'yes', passOrFail: 'Fail' },
        sel: { value: 5, passOrFail: 'Fail' },
        one: { value: 'B', passOrFail: 'Fail' },
        rows: [{ check: { value: 'pas', passOrFail: 'Fail' } }],
      }),
    ).toEqual([
      '/pf/value must be Pass or Fail',
      '/yn/value must be Yes or No',
      '/sel/value must be Good or Poor',
      '/one/value must be A',
      '/rows/0/check/value must be Pass or Fail',
    ])
  })

  it('gives SPEC §5 "Form fields" texts for required controls a broken layout keeps empty', () => {
    const broken = compileDataSchema({
      controls: [
        { type: 'timespan', variable: 'freq', label: 'Frequency', required: true },
        { type: 'testField', variable: 't', label: 'T', testType: 'colour', required: true },
      ],
    } as unknown as FormLayout)
    const check = ajv.compile(broken.schema)
    expect(check({ freq: null, t: null })).toBe(false)
    expect(check.errors?.map((e) => e.message)).toEqual([
      'Unit of time is required for timespan controls, update the record type to enter Frequency data',
      'A TestField was created here with an invalid test type',
    ])
  })
})
