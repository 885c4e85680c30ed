import { useRef, useState } from 'react'
import {
  closestCenter,
  DndContext,
  DragOverlay,
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
import { controlAt, addControl, duplicateControl, removeControl, PALETTE } from '../model'
import type { DesignerDocument, PaletteKind } from '../model'
import { isContainer } from '../../schemas/form-layout'
import type { ControlPath } from '../../schemas/form-layout'
import { CanvasList, type CanvasActions } from './canvas'
import { controlName } from './control-name'
import type { DesignerStore } from './designer-store'
import { useDesignerState } from './designer-store'
import { applyDrop, applyStep, parseSource } from './drop-target'
import { Inspector } from './inspector'
import { treeKeyboardCoordinates, withKeyboardTarget, type KeyboardDrag } from './keyboard-targets'
import { Palette } from './palette'
import { PaneSwitcher, useNarrow, type DesignerPane } from './narrow-panes'

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

/** Where a palette click adds: into a selected container, after a selected control, else at the end. */
function addPlace(
  doc: DesignerDocument,
  selected: ControlPath | null,
): { parent: ControlPath; index: number } {
  const control = selected ? controlAt(doc.layout.controls, selected) : undefined
  if (selected && control && isContainer(control)) return { parent: selected, index: control.children.length }
  if (selected && control) return { parent: selected.slice(0, -1), index: selected[selected.length - 1] + 1 }
  return { parent: [], index: doc.layout.controls.length }
}

/**
 * Keeps keyboard focus on a moved control: after the re-render, its drag handle, found by the control's
 * stable id (a card keyed by id usually keeps its element; a move between lists makes a new one).
 */
function focusHandle(id: string | null) {
  if (!id) return
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(
        `[data-control-id="${CSS.escape(id)}"] > .designer-card-bar .designer-handle`,
      )
      ?.focus(),
  )
}

/** The Design tab: palette, canvas and inspector, with mouse and keyboard drag and drop. */
export function DesignSurface({ store }: { store: DesignerStore }) {
  const { history, selected } = useDesignerState(store)
  const doc = history.present
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
  const sensors = useSensors(
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

  const nameOf = (id: string | number | undefined): string => {
    if (id === undefined) return 'nothing'
    const doc = dragDoc.current ?? store.doc
    const source = parseSource(doc, String(id))
    if (source?.kind === 'palette')
      return `new ${PALETTE.find((p) => p.kind === source.palette)?.label ?? ''}`
    const control = source?.kind === 'control' ? controlAt(doc.layout.controls, source.path) : undefined
    return control ? controlName(control) : String(id)
  }
  /** Where a drop on `overId` puts the control, in words: before a control or at the end of a list. */
  const placeOf = (overId: string | number): string => {
    const id = String(overId)
    if (!id.startsWith('in:')) return `before ${nameOf(id)}`
    return id === 'in:' ? 'at the end of the form' : `at the end of ${nameOf(`c:${id.slice(3)}`)}`
  }
  const announcements: Announcements = {
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

  // On a phone the panes take turns: choosing a control opens its properties, adding one shows it.
  const narrow = useNarrow()
  const [pane, setPane] = useState<DesignerPane>('canvas')
  const actions: CanvasActions = {
    select(path) {
      store.select(path)
      if (narrow && path) setPane('inspector')
    },
    step(path, move) {
      const result = applyStep(store.doc, path, move)
      const to = result.path
      if (!to) return
      store.apply(() => result.doc, { select: to })
      focusHandle(store.getSnapshot().selected)
    },
    duplicate(path) {
      store.apply((d) => duplicateControl(d, path), {
        select: [...path.slice(0, -1), path[path.length - 1] + 1],
      })
    },
    remove(path) {
      store.apply((d) => removeControl(d, path), { select: null })
    },
  }

  const add = (kind: PaletteKind) => {
    const place = addPlace(store.doc, store.selectedPath)
    store.apply((d) => addControl(d, kind, place.parent, place.index), {
      select: [...place.parent, place.index],
    })
    if (narrow) setPane('canvas')
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null)
        keyboardTarget.current = null
      }}
      accessibility={{ announcements }}
    >
      {narrow && <PaneSwitcher pane={pane} onPane={setPane} />}
      <div className={`designer-surface${narrow ? ` designer-pane-${pane}` : ''}`}>
        <Palette onAdd={add} />
        <section className="designer-canvas" aria-label="Canvas" onClick={() => store.select(null)}>
          <h2 className="designer-pane-title">Canvas</h2>
          <div className="designer-form-title">{doc.layout.title || 'Untitled form'}</div>
          <CanvasList
            doc={doc}
            parent={[]}
            controls={doc.layout.controls}
            selected={selected}
            actions={actions}
            emptyText="Drag controls here from the palette, or click a palette entry to add it."
          />
        </section>
        <Inspector store={store} />
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? <div className="designer-drag-chip">{nameOf(active)}</div> : null}
      </DragOverlay>
    </DndContext>
  )
}
