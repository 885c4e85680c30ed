import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout'
import { testFieldValue } from '../pass-fail'
import { applyChange } from './apply-change'
import { compileLayout, emptyValues } from './compile-layout'

const layout: FormLayout = {
  version: 2,
  title: 'T',
  controls: [
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
          children: [
            {
              type: 'testField',
              variable: 'ir',
              label: 'IR',
              testType: 'numeric',
              min: 1,
              max: 5,
              naOption: true,
            },
          ],
        },
      ],
    },
    { type: 'multitext', variable: 'remarks', label: 'Remarks' },
  ],
}
const compiled = compileLayout(layout)

describe('applyChange', () => {
  it('updates the nested group results a change affects', () => {
    const control = compiled.fields.ir.control as Parameters<typeof testFieldValue>[0]
    let data = emptyValues(layout)
    data = applyChange(compiled, data, 'sealed', true)
    expect(data).toMatchObject({ sealed: true, inner: 'Fail', outer: 'Fail' })
    data = applyChange(compiled, data, 'ir', testFieldValue(control, 3))
    expect(data).toMatchObject({ inner: 'Pass', outer: 'Pass' })
    data = applyChange(compiled, data, 'ir', testFieldValue(control, 9))
    expect(data).toMatchObject({ inner: 'Fail', outer: 'Fail' })
    data = applyChange(compiled, data, 'ir', testFieldValue(control, 9, true))
    expect(data).toMatchObject({ ir: { value: null, passOrFail: 'n/a' }, inner: 'Pass', outer: 'Pass' })
  })

  it('leaves groups alone for non-test fields and returns the same object for no change', () => {
    const data = emptyValues(layout)
    const next = applyChange(compiled, data, 'remarks', 'ok')
    expect(next).toEqual({ ...data, remarks: 'ok' })
    expect(data.remarks).toBeNull()
    expect(applyChange(compiled, next, 'remarks', 'ok')).toBe(next)
  })
})
