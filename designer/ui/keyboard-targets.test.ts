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
const docOf = (controls: Control[]) => createDocument({ version: 2, title: '', controls })
// a, g[b, c], d — ids c1, c2[c3, c4], c5 (given in document order)
const base = () => docOf([text('a'), group('g', [text('b'), text('c')]), text('d')])

describe('keyboard drop places', () => {
  it('lists every place in reading order, the end of each container after its children', () => {
    expect(keyboardTargets(base(), 'p:checkbox')).toEqual([
      'c:c1',
      'c:c2',
      'c:c3',
      'c:c4',
      'in:c2',
      'c:c5',
      'in:',
    ])
  })

  it("leaves out the places that mean where the control already is, keeping its own id for 'stays'", () => {
    // a is first: before g is where it is.
    expect(keyboardTargets(base(), 'c:c1')).toEqual(['c:c1', 'c:c3', 'c:c4', 'in:c2', 'c:c5', 'in:'])
    // c is last in g: the end of g is where it is.
    expect(keyboardTargets(base(), 'c:c4')).toEqual(['c:c1', 'c:c2', 'c:c3', 'c:c4', 'c:c5', 'in:'])
  })

  it('never offers a place inside the moved container', () => {
    expect(keyboardTargets(base(), 'c:c2')).toEqual(['c:c1', 'c:c2', 'in:'])
  })

  it('steps one place at a time and stops at either end', () => {
    const targets = keyboardTargets(base(), 'c:c5')
    expect(stepKeyboardTarget(targets, 'c:c5', -1)).toBe('in:c2')
    expect(stepKeyboardTarget(targets, 'in:c2', -1)).toBe('c:c4')
    expect(stepKeyboardTarget(targets, 'c:c1', -1)).toBeNull()
    expect(stepKeyboardTarget(targets, 'c:c5', 1)).toBeNull()
  })

  it('walks a control into a group and back out with the arrow keys (up, up, drop; down, drop)', () => {
    // d: Up → end of g, Up → before c; dropping there puts d between b and c.
    let doc = base()
    let at = stepKeyboardTarget(keyboardTargets(doc, 'c:c5'), 'c:c5', -1)!
    at = stepKeyboardTarget(keyboardTargets(doc, 'c:c5'), at, -1)!
    const into = applyDrop(doc, 'c:c5', at)
    expect(into.path).toEqual([1, 1])
    doc = into.doc
    // d keeps its id c5 inside g; before c is its own place, so Down goes to the end of g, then the end of the form.
    const down = stepKeyboardTarget(keyboardTargets(doc, 'c:c5'), 'c:c5', 1)!
    expect(down).toBe('in:c2')
    const next = stepKeyboardTarget(keyboardTargets(doc, 'c:c5'), down, 1)!
    expect(next).toBe('in:')
    const out = applyDrop(doc, 'c:c5', next)
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
    ['c:c1', rect(0)],
    ['c:c2', rect(50, 120)],
    ['c:c3', rect(70)],
    ['c:c4', rect(115)],
    ['in:c2', rect(70, 90)],
    ['c:c5', rect(180)],
    ['in:', rect(0, 230)],
  ])
  const drag = (): KeyboardDrag => {
    const doc = base()
    return { doc: () => doc, target: { current: null } }
  }
  const press = (getter: KeyboardCoordinateGetter, code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true })
    const context = { droppableRects: rects } as unknown as SensorContext
    const at = getter(event, { active: 'c:c5', context, currentCoordinates: { x: 0, y: 0 } })
    return { at, prevented: event.defaultPrevented }
  }

  it('moves the chip to the top of a control or the bottom of a container, and remembers the place', () => {
    const state = drag()
    const getter = treeKeyboardCoordinates(state)
    expect(press(getter, 'ArrowUp')).toEqual({ at: { x: 10, y: 159 }, prevented: true })
    expect(state.target.current).toBe('in:c2')
    expect(press(getter, 'ArrowLeft')).toEqual({ at: { x: 10, y: 115 }, prevented: true })
    expect(state.target.current).toBe('c:c4')
    expect(press(getter, 'KeyA')).toEqual({ at: undefined, prevented: false })
  })

  it('answers the chosen place while the keyboard drags, the pointer rule otherwise', () => {
    const state = drag()
    const containers = [...rects.keys()].map((id) => ({ id }) as unknown as DroppableContainer)
    const args = (pointer: boolean) =>
      ({
        active: { id: 'c:c5' } as Active,
        collisionRect: rect(0),
        droppableRects: rects,
        droppableContainers: containers,
        pointerCoordinates: pointer ? { x: 1, y: 1 } : null,
      }) as Parameters<ReturnType<typeof withKeyboardTarget>>[0]
    const detect = withKeyboardTarget(state, () => [{ id: 'pointer' }])
    expect(detect(args(false))).toEqual([{ id: 'c:c5' }])
    state.target.current = 'in:c2'
    expect(detect(args(false))).toEqual([{ id: 'in:c2' }])
    expect(detect(args(true))).toEqual([{ id: 'pointer' }])
  })
})
