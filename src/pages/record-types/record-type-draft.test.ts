import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { recordTypeIssues } from './record-type-draft'

/** Audit finding 4: Save names a layout problem in the designer's words, not ajv's. */
describe('the layout problems Save lists', () => {
  it('says a missing label or a badly formed variable in words, named by the control', () => {
    const layout = {
      version: 2,
      title: 'T',
      controls: [
        { type: 'singletext', variable: 'serial' },
        { type: 'datepicker', variable: '9date', label: 'Date' },
      ],
    } as unknown as FormLayout
    const issues = recordTypeIssues({ name: 'X', captureType: 'form', category: 'Test' }, {}, layout)
    const layoutMessages = issues.filter((i) => i.field === 'layout').map((i) => i.message)
    expect(layoutMessages).toEqual(
      expect.arrayContaining([
        'The data entry form is not valid: serial: Label is required.',
        'The data entry form is not valid: "Date" (9date): Variable must use letters, digits and _ only, not starting with a digit.',
      ]),
    )
  })
})
