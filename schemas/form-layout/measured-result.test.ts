import { describe, expect, it } from 'vitest'
import type { FormLayout } from './layout-schema'
import { judgeRecord } from './judge'
import { measuredResult } from './measured-result'

const layout: FormLayout = {
  version: 2,
  title: 'Calibration',
  controls: [
    { type: 'singletext', variable: 'note', label: 'Note' },
    {
      type: 'group',
      variable: 'asFound',
      label: 'As found',
      children: [
        { type: 'testField', testType: 'numeric', variable: 'error', label: 'Error', min: -0.5, max: 0.5 },
        { type: 'testField', testType: 'passFail', variable: 'check', label: 'Check' },
      ],
    },
    { type: 'testField', testType: 'passFail', variable: 'asLeft', label: 'As left' },
  ],
}

/** The measured result of `variable` once the record's values are judged. */
const measured = (variable: string, data: Record<string, unknown>) =>
  measuredResult(layout, variable, judgeRecord(layout, data, {}).data)

describe('measuredResult (issue #15.3: as found / as left)', () => {
  it('is n/a while nothing was measured, though SPEC §4 fails an unanswered group', () => {
    expect(judgeRecord(layout, {}, {}).data.asFound).toBe('Fail')
    expect(measured('asFound', {})).toBe('-')
    expect(measured('asLeft', {})).toBe('-')
  })

  it('is the judged result once any test holds a value', () => {
    expect(measured('asFound', { error: { value: 0.1 }, check: { value: 'Pass' } })).toBe('pass')
    expect(measured('asFound', { error: { value: 0.9 } })).toBe('fail')
    expect(measured('asFound', { check: { value: 'Fail' } })).toBe('fail')
    expect(measured('asLeft', { asLeft: { value: 'Pass' } })).toBe('pass')
  })

  it('reads nothing from a control that is not a test or group, or an unmapped one', () => {
    expect(measured('note', { note: 'Fail' })).toBe('-')
    expect(measuredResult(layout, undefined, {})).toBe('-')
  })
})
