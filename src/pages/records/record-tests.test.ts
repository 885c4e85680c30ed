import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { recordJudgement } from './record-tests'

const layout: FormLayout = {
  version: 2,
  title: 'Transformer test',
  controls: [
    {
      type: 'group',
      variable: 'result',
      label: 'Electrical tests',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'ratioError',
          label: 'Voltage ratio error',
          min: -0.5,
          max: 0.5,
          unit: '%',
          testNumber: '1',
        },
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'ir',
          label: 'Insulation resistance',
          min: 1000,
          unit: 'MΩ',
          naOption: true,
        },
        {
          type: 'testField',
          testType: 'selection',
          variable: 'vector',
          label: 'Vector group',
          choices: ['Dyn11', 'Dyn1'],
          passChoice: 'Dyn11',
        },
        { type: 'testField', testType: 'yesNo', variable: 'oil', label: 'Oil level' },
      ],
    },
  ],
}

describe('recordJudgement (the record view, issue #12)', () => {
  it('shows each test with value, unit, limits or pass choice and result, and the overall result with the revision', () => {
    const judged = recordJudgement(
      layout,
      {
        ratioError: { value: 0.51, passOrFail: 'Fail' },
        ir: { value: null, passOrFail: '-' },
        vector: { value: 'Dyn11', passOrFail: 'Pass' },
        oil: null,
        result: 'Fail',
      },
      3,
    )
    expect(judged?.tests).toEqual([
      {
        variable: 'ratioError',
        label: '1. Voltage ratio error',
        value: '0.51 %',
        criterion: 'Limits \u22120.5..0.5 %',
        result: 'Fail',
      },
      {
        variable: 'ir',
        label: 'Insulation resistance',
        value: 'n/a',
        criterion: 'Limits at least 1000 MΩ',
        result: 'n/a',
      },
      {
        variable: 'vector',
        label: 'Vector group',
        value: 'Dyn11',
        criterion: 'Passes on "Dyn11"',
        result: 'Pass',
      },
      { variable: 'oil', label: 'Oil level', value: '—', criterion: 'Passes on "Yes"', result: '—' },
    ])
    expect(judged?.groups).toEqual([{ variable: 'result', label: 'Electrical tests', result: 'Fail' }])
    expect(judged?.overall).toBe('Fail')
    expect(judged?.layoutRevision).toBe(3)
  })

  it('is null without a layout', () => {
    expect(recordJudgement(null, {}, null)).toBeNull()
  })
})
