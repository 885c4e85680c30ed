import { useState } from 'react'
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
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { controlAt, addControl, duplicateControl, removeControl, PALETTE } from '../model'
import type { DesignerDocument, PaletteKind } from '../model'
import { isContainer } from '../../schemas/form-layout'
import type { ControlPath } from '../../schemas/form-layout'
import { CanvasList, type CanvasActions } from './canvas'
import { controlName } from './control-name'
import type { DesignerStore } from './designer-store'
import { useDesignerState } from './designer-store'
import { applyDrop, applyStep, controlId, parseSource } from './drop-target'
import { Inspector } from './inspector'
import { Palette } from './palette'

const area = (rect: { width: number; height: number } | undefined) =>
  rect ? rect.width * rect.height : Infinity

/**
 * Nested containers overlap: the pointer is inside a group and inside the form at once. The
 * innermost (smallest) target under the pointer wins; keyboard moves (no pointer) take the closest.
 */
const innermost: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) {
    // Keyboard: a non-empty list's own area spans its children and its centre would win over them;
    // aim at controls and empty containers (the card buttons move to the end of a container).
    const targets = args.droppableContainers.filter(
      (d) => String(d.id).startsWith('c:') || d.data.current?.empty === true,
    )
    return closestCenter({ ...args, droppableContainers: targets })
  }
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

/** The Design tab: palette, canvas and inspector, with mouse and keyboard drag and drop. */
export function DesignSurface({ store }: { store: DesignerStore }) {
  const { history, selected } = useDesignerState(store)
  const doc = history.present
  const [active, setActive] = useState<string | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  const nameOf = (id: string | number | undefined): string => {
    if (id === undefined) return 'nothing'
    const source = parseSource(String(id))
    if (source?.kind === 'palette')
      return `new ${PALETTE.find((p) => p.kind === source.palette)?.label ?? ''}`
    if (String(id).startsWith('in:')) return 'the end of this container'
    const control = source?.kind === 'control' ? controlAt(store.doc.layout.controls, source.path) : undefined
    return control ? controlName(control) : String(id)
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} will go before ${nameOf(over.id)}.`
        : `${nameOf(active.id)} is not over a place to drop.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped before ${nameOf(over.id)}.`
        : `${nameOf(active.id)} dropped outside the form.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }

  const onDragStart = (e: DragStartEvent) => setActive(String(e.active.id))
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null)
    if (!e.over) return
    const result = applyDrop(store.doc, String(e.active.id), String(e.over.id))
    if (result.path) store.apply(() => result.doc, { select: result.path })
  }

  const actions: CanvasActions = {
    select: store.select,
    step(path, move) {
      const result = applyStep(store.doc, path, move)
      const to = result.path
      if (!to) return
      store.apply(() => result.doc, { select: to })
      // The moved control is re-rendered elsewhere: keep keyboard focus on it.
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[data-testid="control-${to.join('.')}"] .designer-handle`)
          ?.focus(),
      )
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
    const place = addPlace(store.doc, store.getSnapshot().selected)
    store.apply((d) => addControl(d, kind, place.parent, place.index), {
      select: [...place.parent, place.index],
    })
  }

  const selectedId = selected ? controlId(selected) : null
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermost}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements }}
    >
      <div className="designer-surface">
        <Palette onAdd={add} />
        <section className="designer-canvas" aria-label="Canvas" onClick={() => store.select(null)}>
          <h2 className="designer-pane-title">Canvas</h2>
          <div className="designer-form-title">{doc.layout.title || 'Untitled form'}</div>
          <CanvasList
            doc={doc}
            parent={[]}
            controls={doc.layout.controls}
            selected={selectedId}
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
