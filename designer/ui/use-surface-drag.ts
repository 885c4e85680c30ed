import { useRef, useState } from 'react'
import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { controlAt, PALETTE } from '../model'
import type { DesignerDocument } from '../model'
import { controlName } from './control-name'
import type { DesignerStore } from './designer-store'
import { applyDrop, parseSource } from './drop-target'
import { treeKeyboardCoordinates, withKeyboardTarget, type KeyboardDrag } from './keyboard-targets'

const area = (rect: { width: number; height: number } | undefined) =>
  rect ? rect.width * rect.height : Infinity

/**
 * Nested containers overlap: the pointer is inside a group and inside the form at once. The
 * innermost (smallest) target under the pointer wins.
 */
const innermost: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  if (hits.length === 0) return closestCenter(args)
  return [...hits].sort((a, b) => area(args.droppableRects.get(a.id)) - area(args.droppableRects.get(b.id)))
}

/**
 * Keeps keyboard focus on a moved control: after the re-render, its drag handle, found by the control's
 * stable id (a card keyed by id usually keeps its element; a move between lists makes a new one).
 */
export function focusHandle(id: string | null) {
  if (!id) return
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(
        `[data-control-id="${CSS.escape(id)}"] > .designer-card-bar .designer-handle`,
      )
      ?.focus(),
  )
}

/** What the screen reader hears during a drag, with controls and places named by `nameOf`. */
function announcementsFor(nameOf: (id: string | number | undefined) => string): Announcements {
  /** Where a drop on `overId` puts the control, in words: before a control or at the end of a list. */
  const placeOf = (overId: string | number): string => {
    const id = String(overId)
    if (!id.startsWith('in:')) return `before ${nameOf(id)}`
    return id === 'in:' ? 'at the end of the form' : `at the end of ${nameOf(`c:${id.slice(3)}`)}`
  }
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} is not over a place to drop.`
        : over.id === active.id
          ? `${nameOf(active.id)} stays where it is.`
          : `${nameOf(active.id)} will go ${placeOf(over.id)}.`,
    onDragEnd: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} dropped outside the form.`
        : over.id === active.id
          ? `${nameOf(active.id)} was not moved.`
          : `${nameOf(active.id)} dropped ${placeOf(over.id)}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }
}

/** The pointer and keyboard sensors, the keyboard's place picker included. */
function useDragSensors(keyboardDrag: KeyboardDrag) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // 'instant', not the default 'smooth': Bootstrap sets `scroll-behavior: smooth` on :root, and
    // Chromium stops a smooth scroll started from a keydown after a few pixels (dnd-kit #627). When
    // the target is in the upper or lower half of a scrolled page the sensor moves by scrolling the
    // page alone, so a stopped scroll left the keyboard drag stuck over the control it started on.
    useSensor(KeyboardSensor, {
      coordinateGetter: treeKeyboardCoordinates(keyboardDrag),
      scrollBehavior: 'instant',
    }),
  )
}

/**
 * The Design tab's drag and drop: sensors, collision detection, announcements and the drag handlers,
 * which drop into `store`; `active` is the id being dragged and `nameOf` names it.
 */
export function useSurfaceDrag(store: DesignerStore) {
  const [active, setActive] = useState<string | null>(null)
  // Ids carry paths, and the drop changes the document before dnd-kit announces it: names and
  // keyboard places come from the document as it was when the drag started.
  const dragDoc = useRef<DesignerDocument | null>(null)
  const keyboardTarget = useRef<string | null>(null)
  const [keyboardDrag] = useState<KeyboardDrag>(() => ({
    doc: () => dragDoc.current ?? store.doc,
    target: keyboardTarget,
  }))
  const [collisionDetection] = useState(() => withKeyboardTarget(keyboardDrag, innermost))
  const sensors = useDragSensors(keyboardDrag)

  const nameOf = (id: string | number | undefined): string => {
    if (id === undefined) return 'nothing'
    const doc = dragDoc.current ?? store.doc
    const source = parseSource(doc, String(id))
    if (source?.kind === 'palette')
      return `new ${PALETTE.find((p) => p.kind === source.palette)?.label ?? ''}`
    const control = source?.kind === 'control' ? controlAt(doc.layout.controls, source.path) : undefined
    return control ? controlName(control) : String(id)
  }

  const onDragStart = (e: DragStartEvent) => {
    dragDoc.current = store.doc
    keyboardTarget.current = null
    setActive(String(e.active.id))
  }
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null)
    keyboardTarget.current = null
    if (!e.over) return
    const result = applyDrop(store.doc, String(e.active.id), String(e.over.id))
    const to = result.path
    if (!to) return
    store.apply(() => result.doc, { select: to })
    // A card moved into another list is a new element: its handle takes the focus back.
    if (String(e.active.id).startsWith('c:')) focusHandle(store.getSnapshot().selected)
  }
  const onDragCancel = () => {
    setActive(null)
    keyboardTarget.current = null
  }

  const announcements = announcementsFor(nameOf)
  return { active, nameOf, sensors, collisionDetection, announcements, onDragStart, onDragEnd, onDragCancel }
}
