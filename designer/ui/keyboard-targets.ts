import type { CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core'
import { isContainer } from '../../schemas/form-layout'
import type { Control, ControlPath } from '../../schemas/form-layout'
import type { DesignerDocument } from '../model'
import { containerId, controlId, parseSource } from './drop-target'

/**
 * Keyboard drags of canvas controls move from drop place to drop place in reading order, never by
 * pixels. dnd-kit's `sortableKeyboardCoordinates` aims at the nearest droppable by geometry, which in
 * nested lists picks a group's own card over the controls inside it (a group's centre lies among its
 * children's), so a control could not be moved into a group by keyboard. Here every arrow press
 * lands on a real place, the collision detection answers that place, and the announcement says it.
 */

const samePath = (a: ControlPath, b: ControlPath) => a.length === b.length && a.every((v, i) => v === b[i])

/**
 * Where a keyboard drag of `activeId` can drop, in reading order: before each control (`c:`) and at
 * the end of each container (`in:`, the form's end last). Left out: places inside the moved control
 * (a container cannot go inside itself), and places that mean where it already is (before its next
 * sibling; the end of its own list when it is last there) — its own id stands for "stays".
 */
export function keyboardTargets(doc: DesignerDocument, activeId: string): string[] {
  const source = parseSource(doc, activeId)
  const from = source?.kind === 'control' ? source.path : null
  const fromParent = from?.slice(0, -1)
  const fromIndex = from ? from[from.length - 1] : -1
  const inFromList = (parent: ControlPath) => fromParent !== undefined && samePath(parent, fromParent)
  const targets: string[] = []
  const walk = (controls: readonly Control[], parent: ControlPath) => {
    controls.forEach((control, i) => {
      const path = [...parent, i]
      if (from && samePath(path, from)) {
        targets.push(controlId(doc, path))
        return
      }
      if (!(inFromList(parent) && i === fromIndex + 1)) targets.push(controlId(doc, path))
      if (isContainer(control)) walk(control.children, path)
    })
    if (!(inFromList(parent) && fromIndex === controls.length - 1)) targets.push(containerId(doc, parent))
  }
  walk(doc.layout.controls, [])
  return targets
}

/** The place one step before (-1) or after (+1) `current`, or null at either end. */
export function stepKeyboardTarget(targets: readonly string[], current: string, step: -1 | 1): string | null {
  const at = targets.indexOf(current)
  if (at < 0) return targets.length > 0 ? targets[step > 0 ? 0 : targets.length - 1] : null
  return targets[at + step] ?? null
}

const STEPS: Record<string, -1 | 1> = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 }

/** What the keyboard sensor and the collision detection share during one keyboard drag. */
export interface KeyboardDrag {
  /** The document as it was when the drag started. */
  doc(): DesignerDocument
  /** The place the keyboard chose; null (the active control's own place) until an arrow key is pressed. */
  target: { current: string | null }
}

/**
 * A dnd-kit coordinate getter: an arrow key moves the drag to the previous or next place and puts the
 * dragged chip there (the top of a control, the bottom of a container's list), so dnd-kit measures
 * again and asks the collision detection, which answers `drag.target`.
 */
export function treeKeyboardCoordinates(drag: KeyboardDrag): KeyboardCoordinateGetter {
  return (event, { active, context }) => {
    const step = STEPS[event.code]
    if (!step) return undefined
    // The arrow keys drive the drag; they must not scroll the page as well.
    event.preventDefault()
    const activeId = String(active)
    const next = stepKeyboardTarget(
      keyboardTargets(drag.doc(), activeId),
      drag.target.current ?? activeId,
      step,
    )
    const rect = next ? context.droppableRects.get(next) : undefined
    if (!next || !rect) return undefined
    drag.target.current = next
    return next.startsWith('in:') ? { x: rect.left, y: rect.bottom - 1 } : { x: rect.left, y: rect.top }
  }
}

/**
 * Collision detection for a keyboard drag: the place the arrow keys chose. `pointer` is used while a
 * pointer drags.
 */
export function withKeyboardTarget(drag: KeyboardDrag, pointer: CollisionDetection): CollisionDetection {
  return (args) => {
    if (args.pointerCoordinates) return pointer(args)
    const id = drag.target.current ?? args.active.id
    return args.droppableContainers.some((d) => d.id === id) ? [{ id }] : []
  }
}
