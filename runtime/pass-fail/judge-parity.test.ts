import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  findDisagreements,
  judgeRecord,
  walkControls,
  type FormLayout,
  type TestFieldControl,
} from '../../schemas/form-layout'
import { applyChange, compileLayout, emptyValues } from '../compiler'
import { overallResult, testFieldValue, toServerData } from './results'

/**
 * The live results a technician sees (runtime: a test field widget's value, `applyChange` updating the
 * groups, `toServerData` on save) and the server's judgement of what is saved come from one judge; on
 * generated entries they must never disagree.
 */

const layout: FormLayout = {
  version: 2,
  title: 'Parity',
  controls: [
    {
      type: 'group',
      variable: 'result',
      label: 'All',
      children: [
        { type: 'testField', variable: 'ratio', label: 'Ratio', testType: 'numeric', min: -0.5, max: 0.5 },
        {
          type: 'group',
          variable: 'insulation',
          label: 'Insulation',
          children: [
            {
              type: 'testField',
              variable: 'ir',
              label: 'IR',
              testType: 'numeric',
              min: 1000,
              naOption: true,
            },
            { type: 'testField', variable: 'pi', label: 'PI', testType: 'numeric', min: 0, max: 0.1 },
            { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
          ],
        },
        {
          type: 'testField',
          variable: 'vector',
          label: 'Vector',
          testType: 'selection',
          choices: ['Dyn11', 'Dyn1', 'Yyn0'],
          passChoice: 'Dyn11',
          naOption: true,
        },
        { type: 'testField', variable: 'oil', label: 'Oil', testType: 'yesNo' },
        { type: 'testField', variable: 'hipot', label: 'Hipot', testType: 'passFail' },
      ],
    },
    { type: 'group', variable: 'listed', label: 'Listed', tests: ['pi', 'oil'], children: [] },
  ],
}
const compiled = compileLayout(layout)
const tests = [...walkControls(layout.controls)]
  .map(({ control }) => control)
  .filter((control): control is TestFieldControl => control.type === 'testField')

const numberNear = fc.oneof(
  fc.constantFrom(-0.5, 0.5, -0.51, 0.51, 0, 0.1, 0.05, 0.11, 1000, 999.99),
  fc.double({ min: -2000, max: 2000, noNaN: true }),
)
const entryOf = (control: TestFieldControl) =>
  fc.record({
    na: control.naOption ? fc.boolean() : fc.constant(false),
    value:
      control.testType === 'numeric'
        ? fc.option(numberNear, { nil: null })
        : fc.option(fc.constantFrom(...(control.choices ?? ['Yes', 'No', 'Pass', 'Fail'])), { nil: null }),
  })
const entries = fc.record(Object.fromEntries(tests.map((control) => [control.variable, entryOf(control)])))

describe('the runtime and the server judge alike', () => {
  it('on 1,000 generated entries: same test, group and overall results, and no disagreement', () => {
    fc.assert(
      fc.property(entries, fc.boolean(), (generated, sealed) => {
        let data: Readonly<Record<string, unknown>> = emptyValues(layout)
        data = applyChange(compiled, data, 'sealed', sealed)
        for (const control of tests) {
          const { value, na } = generated[control.variable]
          data = applyChange(compiled, data, control.variable, testFieldValue(control, value, na))
        }
        const saved = toServerData(layout, data)
        const judged = judgeRecord(layout, saved)
        expect(findDisagreements(layout, saved, judged)).toEqual([])
        for (const control of tests)
          expect(judged.tests[control.variable]).toBe(
            (data[control.variable] as { passOrFail: string } | null)?.passOrFail ?? '-',
          )
        expect(judged.groups).toEqual({
          result: data.result,
          insulation: data.insulation,
          listed: data.listed,
        })
        expect(judged.overall).toBe(overallResult(layout, data))
      }),
      { numRuns: 1000 },
    )
  })
})
