import { describe, expect, it } from 'vitest'
import { createDocument } from '../model'
import type { Control } from '../../schemas/form-layout'
import { applyDrop, applyStep, containerId, controlId, paletteId, stepTarget } from './drop-target'

const text = (variable: string): Control => ({ type: 'singletext', variable, label: variable })
const group = (variable: string, children: Control[]): Control => ({
  type: 'group',
  variable,
  label: variable,
  children,
})
const docOf = (controls: Control[]) => createDocument({ version: 2, title: '', controls })
const names = (controls: readonly Control[]): unknown[] =>
  controls.map((c) =>
    c.type === 'group' ? { [c.variable ?? c.type]: names(c.children) } : (c as { variable: string }).variable,
  )

describe('canvas drops', () => {
  const base = () => docOf([text('a'), group('g', [text('b')]), text('c')])

  it('inserts a palette control before the control it is dropped on, or at the end of a container', () => {
    const before = applyDrop(base(), paletteId('checkbox'), controlId(base(), [1, 0]))
    expect(names(before.doc.layout.controls)).toEqual(['a', { g: ['checkbox1', 'b'] }, 'c'])
    expect(before.path).toEqual([1, 0])
    const end = applyDrop(base(), paletteId('checkbox'), containerId(base(), [1]))
    expect(names(end.doc.layout.controls)).toEqual(['a', { g: ['b', 'checkbox1'] }, 'c'])
    expect(end.path).toEqual([1, 1])
    const root = applyDrop(base(), paletteId('group'), containerId(base(), []))
    expect(root.path).toEqual([3])
  })

  it('moves a control into a group, out of it, and down its own list before the target', () => {
    const into = applyDrop(base(), controlId(base(), [0]), containerId(base(), [1]))
    expect(names(into.doc.layout.controls)).toEqual([{ g: ['b', 'a'] }, 'c'])
    expect(into.path).toEqual([0, 1])
    const out = applyDrop(base(), controlId(base(), [1, 0]), controlId(base(), [2]))
    expect(names(out.doc.layout.controls)).toEqual(['a', { g: [] }, 'b', 'c'])
    expect(out.path).toEqual([2])
    const down = applyDrop(base(), controlId(base(), [0]), controlId(base(), [2]))
    expect(names(down.doc.layout.controls)).toEqual([{ g: ['b'] }, 'a', 'c'])
    expect(down.path).toEqual([1])
  })

  it('refuses to drop a group inside itself', () => {
    const doc = base()
    const result = applyDrop(doc, controlId(base(), [1]), containerId(base(), [1]))
    expect(result.doc).toBe(doc)
    expect(result.path).toBeNull()
  })
})

describe('step moves (buttons and keyboard)', () => {
  const base = () => docOf([text('a'), group('g', [text('b')]), text('c')])

  it('moves up and down within a list and says when it cannot', () => {
    expect(stepTarget(base(), [0], 'up')).toBeNull()
    expect(stepTarget(base(), [2], 'down')).toBeNull()
    const down = applyStep(base(), [0], 'down')
    expect(names(down.doc.layout.controls)).toEqual([{ g: ['b'] }, 'a', 'c'])
    expect(down.path).toEqual([1])
  })

  it('moves into the container above and back out after it', () => {
    const into = applyStep(base(), [2], 'into')
    expect(names(into.doc.layout.controls)).toEqual(['a', { g: ['b', 'c'] }])
    expect(into.path).toEqual([1, 1])
    const out = applyStep(into.doc, [1, 0], 'out')
    expect(names(out.doc.layout.controls)).toEqual(['a', { g: ['c'] }, 'b'])
    expect(out.path).toEqual([2])
    expect(stepTarget(base(), [0], 'into')).toBeNull()
    expect(stepTarget(base(), [0], 'out')).toBeNull()
  })
})
