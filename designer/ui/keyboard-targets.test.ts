import { describe, expect, it } from 'vitest'
import type { Active, ClientRect, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core'
import type { SensorContext } from '@dnd-kit/core'
import { createDocument } from '../model'
import type { Control } from '../../schemas/form-layout'
import { applyDrop } from './drop-target'
import {
  keyboardTargets,
  stepKeyboardTarget,
  treeKeyboardCoordinates,
  withKeyboardTarget,
  type KeyboardDrag,
} from './keyboard-targets'

const text = (variable: string): Control => ({ type: 'singletext', variable, label: variable })
const group = (variable: string, children: Control[]): Control => ({
  type: 'group',
  variable,
  label: variable,
  children,
})
const docOf = (controls: Control[]) => createDocument({ version: 1, title: '', controls })
// a, g[b, c], d
const base = () => docOf([text('a'), group('g', [text('b'), text('c')]), text('d')])

describe('keyboard drop places', () => {
  it('lists every place in reading order, the end of each container after its children', () => {
    expect(keyboardTargets(base(), 'p:checkbox')).toEqual([
      'c:0',
      'c:1',
      'c:1.0',
      'c:1.1',
      'in:1',
      'c:2',
      'in:',
    ])
  })

  it("leaves out the places that mean where the control already is, keeping its own id for 'stays'", () => {
    // a is first: before g is where it is.
    expect(keyboardTargets(base(), 'c:0')).toEqual(['c:0', 'c:1.0', 'c:1.1', 'in:1', 'c:2', 'in:'])
    // c is last in g: the end of g is where it is.
    expect(keyboardTargets(base(), 'c:1.1')).toEqual(['c:0', 'c:1', 'c:1.0', 'c:1.1', 'c:2', 'in:'])
  })

  it('never offers a place inside the moved container', () => {
    expect(keyboardTargets(base(), 'c:1')).toEqual(['c:0', 'c:1', 'in:'])
  })

  it('steps one place at a time and stops at either end', () => {
    const targets = keyboardTargets(base(), 'c:2')
    expect(stepKeyboardTarget(targets, 'c:2', -1)).toBe('in:1')
    expect(stepKeyboardTarget(targets, 'in:1', -1)).toBe('c:1.1')
    expect(stepKeyboardTarget(targets, 'c:0', -1)).toBeNull()
    expect(stepKeyboardTarget(targets, 'c:2', 1)).toBeNull()
  })

  it('walks a control into a group and back out with the arrow keys (up, up, drop; down, drop)', () => {
    // d: Up → end of g, Up → before c; dropping there puts d between b and c.
    let doc = base()
    let at = stepKeyboardTarget(keyboardTargets(doc, 'c:2'), 'c:2', -1)!
    at = stepKeyboardTarget(keyboardTargets(doc, 'c:2'), at, -1)!
    const into = applyDrop(doc, 'c:2', at)
    expect(into.path).toEqual([1, 1])
    doc = into.doc
    // d is now c:1.1; before c is its own place, so Down goes to the end of g, then the end of the form.
    const down = stepKeyboardTarget(keyboardTargets(doc, 'c:1.1'), 'c:1.1', 1)!
    expect(down).toBe('in:1')
    const next = stepKeyboardTarget(keyboardTargets(doc, 'c:1.1'), down, 1)!
    expect(next).toBe('in:')
    const out = applyDrop(doc, 'c:1.1', next)
    expect(out.path).toEqual([2])
  })
})

describe('keyboard sensor glue', () => {
  const rect = (top: number, height = 40): ClientRect => ({
    top,
    left: 10,
    width: 100,
    height,
    bottom: top + height,
    right: 110,
  })
  const rects = new Map<string, ClientRect>([
    ['c:0', rect(0)],
    ['c:1', rect(50, 120)],
    ['c:1.0', rect(70)],
    ['c:1.1', rect(115)],
    ['in:1', rect(70, 90)],
    ['c:2', rect(180)],
    ['in:', rect(0, 230)],
  ])
  const drag = (): KeyboardDrag => {
    const doc = base()
    return { doc: () => doc, target: { current: null } }
  }
  const press = (getter: KeyboardCoordinateGetter, code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true })
    const context = { droppableRects: rects } as unknown as SensorContext
    const at = getter(event, { active: 'c:2', context, currentCoordinates: { x: 0, y: 0 } })
    return { at, prevented: event.defaultPrevented }
  }

  it('moves the chip to the top of a control or the bottom of a container, and remembers the place', () => {
    const state = drag()
    const getter = treeKeyboardCoordinates(state)
    expect(press(getter, 'ArrowUp')).toEqual({ at: { x: 10, y: 159 }, prevented: true })
    expect(state.target.current).toBe('in:1')
    expect(press(getter, 'ArrowLeft')).toEqual({ at: { x: 10, y: 115 }, prevented: true })
    expect(state.target.current).toBe('c:1.1')
    expect(press(getter, 'KeyA')).toEqual({ at: undefined, prevented: false })
  })

  it('answers the chosen place while the keyboard drags, the pointer rule otherwise', () => {
    const state = drag()
    const containers = [...rects.keys()].map((id) => ({ id }) as unknown as DroppableContainer)
    const args = (pointer: boolean) =>
      ({
        active: { id: 'c:2' } as Active,
        collisionRect: rect(0),
        droppableRects: rects,
        droppableContainers: containers,
        pointerCoordinates: pointer ? { x: 1, y: 1 } : null,
      }) as Parameters<ReturnType<typeof withKeyboardTarget>>[0]
    const detect = withKeyboardTarget(state, () => [{ id: 'pointer' }])
    expect(detect(args(false))).toEqual([{ id: 'c:2' }])
    state.target.current = 'in:1'
    expect(detect(args(false))).toEqual([{ id: 'in:1' }])
    expect(detect(args(true))).toEqual([{ id: 'pointer' }])
  })
})
