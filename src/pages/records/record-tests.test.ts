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

  // Walk s12: demo record 3 (calibration not required) read 'Overall result Fail'.
  describe('of a calibration (issue #15.3)', () => {
    const calibration: FormLayout = {
      version: 2,
      title: 'Calibration',
      controls: [
        {
          type: 'group',
          variable: 'asFound',
          label: 'As found',
          children: [
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'foundError',
              label: 'Error',
              min: -1,
              max: 1,
            },
          ],
        },
        {
          type: 'group',
          variable: 'asLeft',
          label: 'As left',
          children: [
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'leftError',
              label: 'Error',
              min: -1,
              max: 1,
            },
          ],
        },
      ],
    }

    it("reads a group nothing was measured in as 'not measured', and gives the history's outcome, no overall result", () => {
      const judged = recordJudgement(calibration, { asFound: 'Fail', asLeft: 'Fail' }, 1, [], {
        outcome: { skipped: true, asFound: '-', asLeft: '-' },
      })
      expect(judged?.groups.map((g) => [g.label, g.result])).toEqual([
        ['As found', 'not measured'],
        ['As left', 'not measured'],
      ])
      expect(judged?.overall).toBeNull()
      expect(judged?.outcome).toEqual({ line: 'Calibration not required', result: null })
    })

    it('reads a measured group by its result', () => {
      const judged = recordJudgement(
        calibration,
        { foundError: { value: 2, passOrFail: 'Fail' }, leftError: { value: 0.1, passOrFail: 'Pass' } },
        1,
        [],
        { outcome: { skipped: false, asFound: 'fail', asLeft: 'pass' } },
      )
      expect(judged?.groups.map((g) => g.result)).toEqual(['Fail', 'Pass'])
      expect(judged?.outcome?.line).toBe('As found: FAIL · As left: PASS')
    })

    it('gives no outcome without a readable history row, and still no Fail for an empty group', () => {
      const judged = recordJudgement(calibration, {}, 1, [], { outcome: null })
      expect(judged?.outcome).toBeNull()
      expect(judged?.overall).toBeNull()
      expect(judged?.groups.map((g) => g.result)).toEqual(['not measured', 'not measured'])
    })
  })
})
