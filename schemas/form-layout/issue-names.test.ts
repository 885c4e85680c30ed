import { describe, expect, it } from 'vitest'
import type { FormLayout } from './index'
import { describeLayoutIssue, issueLocation } from './issue-names'

const layout: FormLayout = {
  version: 2,
  title: 'T',
  controls: [
    {
      type: 'group',
      variable: 'result',
      label: 'Electrical',
      children: [
        { type: 'serial', variable: 'serial', label: 'Serial' },
        { type: 'note', label: 'Read the plate' },
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'ratioError',
          label: 'Voltage ratio error',
          min: 1,
          max: 0,
        },
      ],
    },
  ],
}

describe('layout problems in words (issue #11.22)', () => {
  it('finds the control and property of a JSON pointer', () => {
    expect(issueLocation('/controls/0/children/2/min')).toEqual({ path: [0, 2], property: 'min' })
    expect(issueLocation('/controls/0')).toEqual({ path: [0], property: null })
    expect(issueLocation('')).toBeNull()
  })

  it("names the control by label and variable, the property by the inspector's caption", () => {
    expect(
      describeLayoutIssue(layout, {
        path: '/controls/0/children/2/min',
        message: 'must not be greater than max',
      }),
    ).toBe('"Voltage ratio error" (ratioError): Min must not be greater than max')
    expect(
      describeLayoutIssue(layout, {
        path: '/controls/0/children/2/passChoice',
        message: 'must be one of the choices',
      }),
    ).toBe('"Voltage ratio error" (ratioError): Pass choice must be one of the choices')
    expect(describeLayoutIssue(layout, { path: '/controls/0', message: 'has no tests' })).toBe(
      '"Electrical" (result): has no tests',
    )
    expect(describeLayoutIssue(layout, { path: '', message: 'Variable x is already defined.' })).toBe(
      'Variable x is already defined.',
    )
  })
})
