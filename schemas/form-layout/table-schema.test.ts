import { Ajv } from 'ajv'
import addErrors from 'ajv-errors'
import { describe, expect, it } from 'vitest'
import { judgeRecord } from './judge'
import type { TableControl } from './table-schema'
import { validateLayout } from './validate-layout'
import { compileDataSchema } from './data-schema'
import { RATIO_TABLE, RATIO_TABLE_CONTROLS } from './table-fixture'

const layout = (controls: unknown[]) => ({ version: 2, title: 'Ratio test', controls })
const table = (extra: Record<string, unknown>) => ({ ...RATIO_TABLE, ...extra })
const issues = (controls: unknown[]) => {
  const result = validateLayout(layout(controls))
  return result.ok ? [] : result.issues
}

describe('layout schema: measurement tables (issue #14)', () => {
  it('accepts a fixed-row table in a group and an added-rows table with every column kind', () => {
    const added = {
      type: 'table',
      variable: 'readings',
      label: 'Readings',
      minRows: 1,
      maxRows: 20,
      columns: [
        { type: 'testField', variable: 'ok', label: 'OK', testType: 'yesNo' },
        { type: 'testField', variable: 'look', label: 'Look', testType: 'passFail' },
        {
          type: 'testField',
          variable: 'colour',
          label: 'Colour',
          testType: 'selection',
          choices: ['Red'],
          passChoice: 'Red',
        },
        { type: 'singletext', variable: 'note', label: 'Note', required: true },
      ],
    }
    expect(validateLayout(layout([...RATIO_TABLE_CONTROLS, added]))).toMatchObject({ ok: true })
  })

  it.each([
    ['no columns', table({ columns: [] }), '/controls/0/columns', 'must NOT have fewer than 1 items'],
    [
      'a column of a kind tables do not take',
      table({ columns: [{ type: 'upload', variable: 'f', label: 'F' }] }),
      '/controls/0/columns/0/type',
      'must be one of "testField", "singletext", "dropdown", "calculated"',
    ],
    [
      'a condition on a column',
      table({ columns: [{ ...RATIO_TABLE.columns[0], visibleIf: { '!!': { var: 'x' } } }] }),
      '/controls/0/columns/0',
      'unknown property "visibleIf"',
    ],
    [
      'fixed labels and added rows both',
      table({ minRows: 1 }),
      '/controls/0',
      'has fixed row labels, so it takes no minRows or maxRows',
    ],
    [
      'more than 1,000 rows',
      table({ rowLabels: undefined, maxRows: 1001 }),
      '/controls/0/maxRows',
      'must be <= 1000',
    ],
    [
      'an unknown test kind',
      table({ columns: [{ type: 'testField', variable: 'x', label: 'X', testType: 'ohms' }] }),
      '/controls/0/columns/0/testType',
      'must be one of "numeric", "selection", "yesNo", "passFail"',
    ],
  ])('refuses a table with %s', (_, control, path, message) => {
    expect(issues([control])).toContainEqual({ path, message })
  })

  it.each([
    [
      'minRows above maxRows',
      table({ rowLabels: undefined, minRows: 5, maxRows: 2 }),
      '/controls/0/maxRows',
      'is less than minRows (5)',
    ],
    [
      'two columns with one variable',
      table({ columns: [RATIO_TABLE.columns[0], RATIO_TABLE.columns[0]] }),
      '/controls/0/columns/1/variable',
      '"measured" is used by another column',
    ],
    [
      'a formula naming nothing',
      table({ columns: [{ type: 'calculated', variable: 'c', label: 'C', formula: 'ghost + 1' }] }),
      '/controls/0/columns/0/formula',
      'names unknown variable "ghost"',
    ],
    [
      'a valueFrom that is not a calculated column',
      table({
        columns: [
          { type: 'testField', variable: 't', label: 'T', testType: 'numeric', valueFrom: 'nameplate' },
        ],
      }),
      '/controls/0/columns/0/valueFrom',
      '"nameplate" is not a calculated column',
    ],
    [
      'calculated columns in a circle',
      table({
        columns: [
          { type: 'calculated', variable: 'a', label: 'A', formula: 'b' },
          { type: 'calculated', variable: 'b', label: 'B', formula: 'a' },
        ],
      }),
      '/controls/0/columns/0/formula',
      'reads its own value through other calculations',
    ],
  ])('refuses %s (layout rules)', (_, control, path, message) => {
    expect(issues([control])).toContainEqual({ path, message })
  })

  it('a formula may read a layout variable and param.key; a top-level formula may not read a column', () => {
    expect(issues(RATIO_TABLE_CONTROLS)).toEqual([])
    const outside = { type: 'calculated', variable: 'x', label: 'X', formula: 'measured * 2' }
    expect(issues([...RATIO_TABLE_CONTROLS, outside])).toContainEqual({
      path: '/controls/2/formula',
      message: 'names unknown variable "measured"',
    })
  })

  it('the data schema holds a fixed table to one row per label and checks each cell', () => {
    const { schema } = compileDataSchema({ title: 'Ratio test', controls: RATIO_TABLE_CONTROLS })
    const ratios = (schema.properties as Record<string, Record<string, unknown>>).ratios
    expect(ratios).toMatchObject({ minItems: 15, maxItems: 15, type: ['array', 'null'] })
    expect((ratios.items as { properties: Record<string, unknown> }).properties.winding).toMatchObject({
      enum: ['HV', 'LV', null],
    })
  })

  it('an unmeasured cell of a required test column reads as required, a row too many as the limit', () => {
    const ajv = new Ajv({ allErrors: true, strict: false })
    addErrors(ajv)
    const readings: TableControl = {
      type: 'table',
      variable: 't',
      label: 'Readings',
      minRows: 1,
      maxRows: 2,
      columns: [{ type: 'testField', variable: 'v', label: 'Voltage', testType: 'numeric', required: true }],
    }
    const validate = ajv.compile(compileDataSchema({ title: 'T', controls: [readings] }).schema)
    const data = judgeRecord({ controls: [readings] }, { t: [{ v: 5 }, {}] }).data
    expect(validate(data)).toBe(false)
    expect(validate.errors?.map((e) => [e.instancePath, e.message])).toEqual([
      ['/t/1/v', 'Voltage is required.'],
    ])
    expect(validate({ t: [{}, {}, {}].map(() => ({ v: { value: 1, passOrFail: 'Pass' } })) })).toBe(false)
    expect(validate.errors?.map((e) => e.message)).toEqual(['must have at most 2 rows'])
  })
})
