import { describe, expect, it } from 'vitest'
import type { Control, FormLayout } from '../../schemas/form-layout'
import { listVariables, withControlIds } from '../../schemas/form-layout'
import {
  addControl,
  duplicateControl,
  moveControl,
  removeControl,
  replaceLayout,
  setMappings,
  setTitle,
  updateControl,
} from './commands'
import { createDocument } from './document'
import { selectControl } from './selectors'

const layout: FormLayout = {
  version: 2,
  title: 'Pump',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial' },
    {
      type: 'group',
      variable: 'group1',
      label: 'Tests',
      tests: ['t1'],
      children: [
        { type: 'testField', variable: 't1', label: 'T1', testType: 'yesNo' },
        { type: 'row', children: [{ type: 'checkbox', variable: 'c1', label: 'C1' }] },
      ],
    },
    { type: 'note', label: 'End' },
  ],
}
const doc = createDocument(layout, {
  serialField: 'serial',
  resultField: 't1',
  components: [{ id: 1, serialField: 'c1' }],
})
const labels = (controls: readonly Control[]) => controls.map((c) => ('label' in c ? c.label : c.type))

describe('addControl', () => {
  it('inserts a default control with a unique variable at the top level or in a container', () => {
    const top = addControl(doc, 'checkbox', [], 1)
    expect(top.layout.controls[1]).toEqual({
      id: 'c7',
      type: 'checkbox',
      label: 'Checkbox',
      variable: 'checkbox1',
    })
    expect(top.version).toBe(1)
    const nested = addControl(top, 'checkbox', [2, 1], 0)
    expect(selectControl(nested, [2, 1, 0])).toMatchObject({ variable: 'checkbox2' })
    expect(nested.version).toBe(2)
    const group = addControl(doc, 'group', [], 99)
    expect(group.layout.controls[3]).toEqual({
      id: 'c7',
      type: 'group',
      label: 'Group',
      variable: 'group2',
      children: [],
    })
  })

  it('leaves the document alone when the parent is not a container', () => {
    expect(addControl(doc, 'checkbox', [0], 0)).toBe(doc)
    expect(addControl(doc, 'checkbox', [7], 0)).toBe(doc)
  })

  it('does not touch the original document', () => {
    addControl(doc, 'note', [1], 0)
    expect(doc.layout).toEqual(withControlIds(layout))
    expect(doc.version).toBe(0)
  })
})

describe('removeControl', () => {
  it('removes a nested control, or a container with its children', () => {
    expect(selectControl(removeControl(doc, [1, 1, 0]), [1, 1])).toEqual({
      id: 'c4',
      type: 'row',
      children: [],
    })
    expect(listVariables(removeControl(doc, [1]).layout)).toEqual(['serial'])
    expect(removeControl(doc, [5])).toBe(doc)
  })
})

describe('moveControl', () => {
  it('reorders within one list (index counted after removal)', () => {
    expect(labels(moveControl(doc, [0], [], 2).layout.controls)).toEqual(['Tests', 'End', 'Serial'])
    expect(labels(moveControl(doc, [2], [], 0).layout.controls)).toEqual(['End', 'Serial', 'Tests'])
  })

  it('moves between containers, into and out of nesting', () => {
    const intoRow = moveControl(doc, [0], [1, 1], 1)
    expect(labels(intoRow.layout.controls)).toEqual(['Tests', 'End'])
    // The group shifted from index 1 to 0 once the serial left the top level.
    expect(selectControl(intoRow, [0, 1, 1])).toMatchObject({ variable: 'serial' })
    const outOfRow = moveControl(doc, [1, 1, 0], [], 0)
    expect(labels(outOfRow.layout.controls)).toEqual(['C1', 'Serial', 'Tests', 'End'])
    expect(selectControl(outOfRow, [2, 1])).toEqual({ id: 'c4', type: 'row', children: [] })
  })

  it('refuses to move a container into itself and ignores no-op moves', () => {
    expect(moveControl(doc, [1], [1, 1], 0)).toBe(doc)
    expect(moveControl(doc, [1], [1], 0)).toBe(doc)
    expect(moveControl(doc, [0], [], 0)).toBe(doc)
    expect(moveControl(doc, [9], [], 0)).toBe(doc)
    expect(moveControl(doc, [0], [2], 0)).toBe(doc)
  })
})

describe('duplicateControl', () => {
  it('copies a control after itself with a new variable', () => {
    const next = duplicateControl(doc, [0])
    expect(next.layout.controls[1]).toEqual({
      id: 'c7',
      type: 'serial',
      variable: 'serial1',
      label: 'Serial',
    })
  })

  it('gives the copy and everything inside it new ids, leaving the original its own', () => {
    const next = duplicateControl(doc, [1])
    const ids = (c: Control): string[] => [c.id!, ...('children' in c ? c.children.flatMap(ids) : [])]
    expect(ids(next.layout.controls[1])).toEqual(['c2', 'c3', 'c4', 'c5'])
    expect(ids(next.layout.controls[2])).toEqual(['c7', 'c8', 'c9', 'c10'])
  })

  it('renames every variable inside a copied group and its tests list', () => {
    const next = duplicateControl(doc, [1])
    expect(listVariables(next.layout)).toEqual(['serial', 'group1', 't1', 'c1', 'group2', 't2', 'c2'])
    expect(next.layout.controls[2]).toMatchObject({ tests: ['t2'] })
    expect(new Set(listVariables(next.layout)).size).toBe(7)
  })
})

describe('updateControl', () => {
  it('patches properties and clears the ones set to undefined', () => {
    const next = updateControl(doc, [1, 0], { label: 'Sealed?', testType: 'passFail', col: 6 })
    expect(selectControl(next, [1, 0])).toEqual({
      id: 'c3',
      type: 'testField',
      variable: 't1',
      label: 'Sealed?',
      testType: 'passFail',
      col: 6,
    })
    const cleared = updateControl(next, [1, 0], { col: undefined })
    expect(selectControl(cleared, [1, 0])).not.toHaveProperty('col')
  })

  it('carries the pass choice along when its choice is renamed (issue #11.21)', () => {
    const selection = updateControl(doc, [1, 0], {
      testType: 'selection',
      choices: ['Option 1', 'Option 2'],
      passChoice: 'Option 1',
    })
    // The inspector sends the new choices and, since 'Option 1' left the list, no pass choice.
    const renamed = updateControl(selection, [1, 0], {
      choices: ['Dyn11', 'Option 2'],
      passChoice: undefined,
    })
    expect(selectControl(renamed, [1, 0])).toMatchObject({
      choices: ['Dyn11', 'Option 2'],
      passChoice: 'Dyn11',
    })
    // Renaming another choice leaves it; removing its choice does not invent one.
    const other = updateControl(renamed, [1, 0], { choices: ['Dyn11', 'Yyn0'] })
    expect(selectControl(other, [1, 0])).toMatchObject({ passChoice: 'Dyn11' })
    const removed = updateControl(other, [1, 0], { choices: ['Yyn0'], passChoice: undefined })
    expect(selectControl(removed, [1, 0])).not.toHaveProperty('passChoice')
  })

  it('never changes type or children, and a no-op patch keeps the document', () => {
    expect(updateControl(doc, [0], { type: 'checkbox', children: [] })).toBe(doc)
    expect(updateControl(doc, [0], { label: 'Serial' })).toBe(doc)
    expect(updateControl(doc, [4], { label: 'x' })).toBe(doc)
  })

  it('carries a renamed variable into mappings and group tests', () => {
    const next = updateControl(doc, [1, 0], { variable: 'insulation' })
    expect(next.mappings.resultField).toBe('insulation')
    expect(next.layout.controls[1]).toMatchObject({ tests: ['insulation'] })
    const row = updateControl(doc, [1, 1, 0], { variable: 'pump' })
    expect(row.mappings.components).toEqual([{ id: 1, serialField: 'pump' }])
  })
})

describe('setTitle, setMappings', () => {
  it('change the document only when the value changes', () => {
    expect(setTitle(doc, 'New').layout.title).toBe('New')
    expect(setTitle(doc, 'Pump')).toBe(doc)
    const mappings = { serialField: 'serial' }
    expect(setMappings(doc, mappings).mappings).toBe(mappings)
  })
})

describe('replaceLayout (JSON view)', () => {
  it('replaces the layout with valid JSON, migrating legacy layouts', () => {
    const result = replaceLayout(
      doc,
      JSON.stringify({ title: 'Legacy', controls: [{ type: 'CheckBox', variable: 'ok' }] }),
    )
    expect(result.ok).toBe(true)
    expect(result.doc.layout).toEqual({
      version: 2,
      title: 'Legacy',
      controls: [{ id: 'c1', type: 'checkbox', variable: 'ok', label: 'ok' }],
    })
    expect(result.doc.version).toBe(1)
  })

  it('keeps the last valid design for invalid JSON or an invalid layout', () => {
    const broken = replaceLayout(doc, '{"title": ')
    expect(broken).toMatchObject({ ok: false, doc })
    expect(broken.doc).toBe(doc)
    expect(!broken.ok && broken.errors[0].message).toMatch(/JSON/)
    const invalid = replaceLayout(
      doc,
      JSON.stringify({ version: 2, title: 'x', controls: [{ type: 'checkbox' }] }),
    )
    expect(invalid).toEqual({
      ok: false,
      doc,
      errors: [
        { path: '/controls/0', message: "must have required property 'variable'" },
        { path: '/controls/0', message: "must have required property 'label'" },
      ],
    })
  })
})

describe('renaming a variable carries the new name to the rules that read it (issue #14)', () => {
  const rules: FormLayout = {
    version: 2,
    title: 'Rules',
    controls: [
      { type: 'checkbox', variable: 'classI', label: 'Class I' },
      { type: 'singletext', variable: 'measured', label: 'Measured' },
      {
        type: 'calculated',
        variable: 'deviation',
        label: 'Deviation',
        formula: 'abs(measured - param.measured) / max(measured, 1) * 100',
      },
      {
        type: 'testField',
        variable: 'earth',
        label: 'Earth',
        testType: 'numeric',
        valueFrom: 'deviation',
        visibleIf: { and: [{ '==': [{ var: 'classI' }, true] }, { '!=': [{ var: 'measured' }, null] }] },
      },
    ],
  }
  const withIds = createDocument(withControlIds(rules), {})

  it('formulas (not param.name), conditions and valueFrom follow the rename', () => {
    const renamed = updateControl(updateControl(withIds, [1], { variable: 'ratio' }), [2], {
      variable: 'dev',
    })
    const [, , calc, test] = renamed.layout.controls as Record<string, unknown>[]
    expect(calc.formula).toBe('abs(ratio - param.measured) / max(ratio, 1) * 100')
    expect(test.valueFrom).toBe('dev')
    expect(test.visibleIf).toEqual({
      and: [{ '==': [{ var: 'classI' }, true] }, { '!=': [{ var: 'ratio' }, null] }],
    })
  })
})
