import { describe, expect, it } from 'vitest'
import type { FormLayout, GroupControl } from './layout-schema'
import {
  findControlByVariable,
  findDuplicateVariables,
  groupTestVariables,
  listVariables,
} from './layout-walk'

const layout: FormLayout = {
  version: 2,
  title: 'T',
  controls: [
    { type: 'note', label: 'hello' },
    { type: 'serial', variable: 'serial', label: 'Serial' },
    {
      type: 'group',
      variable: 'outer',
      label: 'Outer',
      children: [
        { type: 'row', children: [{ type: 'testField', variable: 't1', label: 'T1', testType: 'yesNo' }] },
        { type: 'checkbox', variable: 'c1', label: 'C1' },
        { type: 'multitext', variable: 'remarks', label: 'Remarks' },
        {
          type: 'group',
          variable: 'inner',
          children: [{ type: 'testField', variable: 't2', label: 'T2', testType: 'passFail' }],
        },
        {
          type: 'group',
          children: [{ type: 'testField', variable: 't3', label: 'T3', testType: 'passFail' }],
        },
      ],
    },
  ],
}

describe('layout walks', () => {
  it('lists variables depth first through groups and rows, skipping notes and rows', () => {
    expect(listVariables(layout)).toEqual(['serial', 'outer', 't1', 'c1', 'remarks', 'inner', 't2', 't3'])
  })

  it('finds a nested control with its path and enclosing groups', () => {
    const found = findControlByVariable(layout, 't2')
    expect(found?.path).toEqual([2, 3, 0])
    expect(found?.control).toMatchObject({ label: 'T2' })
    expect(found?.groups.map((g) => g.variable)).toEqual(['outer', 'inner'])
    expect(findControlByVariable(layout, 'missing')).toBeUndefined()
  })

  it('reports each duplicated variable once, even across nesting', () => {
    const dup: FormLayout = {
      ...layout,
      controls: [
        ...layout.controls,
        { type: 'row', children: [{ type: 'datepicker', variable: 't2', label: 'x' }] },
        { type: 'checkbox', variable: 't2', label: 'y' },
      ],
    }
    expect(findDuplicateVariables(dup)).toEqual(['t2'])
    expect(findDuplicateVariables(layout)).toEqual([])
  })

  it("takes a group's tests from `tests`, else from the tests inside it", () => {
    const outer = layout.controls[2] as GroupControl
    // inner counts as one test; the unnamed group is transparent; remarks is not a test.
    expect(groupTestVariables(outer)).toEqual(['t1', 'c1', 'inner', 't3'])
    expect(groupTestVariables({ ...outer, tests: ['t1'] })).toEqual(['t1'])
  })
})
