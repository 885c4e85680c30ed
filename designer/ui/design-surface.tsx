import { useEffect, useRef, useState } from 'react'
import { DndContext, DragOverlay } from '@dnd-kit/core'
import { controlAt, addControl, duplicateControl, removeControl } from '../model'
import type { DesignerDocument, PaletteKind } from '../model'
import { isContainer } from '../../schemas/form-layout'
import type { ControlPath } from '../../schemas/form-layout'
import { CanvasList, type CanvasActions } from './canvas'
import type { DesignerStore } from './designer-store'
import { useDesignerState } from './designer-store'
import { applyStep } from './drop-target'
import { Inspector } from './inspector'
import { Palette } from './palette'
import { PaneSwitcher, revealPane, useNarrow, type DesignerPane } from './narrow-panes'
import { focusHandle, useSurfaceDrag } from './use-surface-drag'
import { controlToFocusAfterRemove } from './focus-after-remove'

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

const EMPTY_CANVAS = 'Drag controls here from the palette, or click a palette entry to add it.'
const EMPTY_CANVAS_PHONE = "Open 'Add controls' and tap a control to add it here."

/** The Design tab: palette, canvas and inspector, with mouse and keyboard drag and drop. */
export function DesignSurface({ store }: { store: DesignerStore }) {
  const { history, selected } = useDesignerState(store)
  const doc = history.present
  const { active, nameOf, sensors, collisionDetection, announcements, onDragStart, onDragEnd, onDragCancel } =
    useSurfaceDrag(store)

  // On a phone the panes take turns: choosing a control opens its properties, adding one shows it.
  const narrow = useNarrow()
  const [pane, setPane] = useState<DesignerPane>('canvas')
  const canvas = useRef<HTMLElement>(null)
  const surface = useRef<HTMLDivElement>(null)
  const shownPane = useRef(pane)
  useEffect(() => {
    if (shownPane.current === pane) return
    shownPane.current = pane
    if (narrow) revealPane(surface.current, pane, store.getSnapshot().selected)
  }, [pane, narrow, store])
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
      const after = store.apply((d) => removeControl(d, path), { select: null })
      // The pressed ✕ is gone with its card: the keyboard (and Ctrl+Z) stays in the designer.
      const next = controlToFocusAfterRemove(after, path)
      if (next) focusHandle(next)
      else requestAnimationFrame(() => canvas.current?.focus())
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
      onDragCancel={onDragCancel}
      accessibility={{ announcements }}
    >
      {narrow && <PaneSwitcher pane={pane} onPane={setPane} />}
      <div ref={surface} className={`designer-surface${narrow ? ` designer-pane-${pane}` : ''}`}>
        {/* On a phone the canvas is hidden behind the palette: an entry is tapped, never dragged, so a
            swipe over the entries scrolls them instead of dropping a control on the unseen form. */}
        <Palette onAdd={add} draggable={!narrow} />
        <section
          ref={canvas}
          className="designer-canvas"
          aria-label="Canvas"
          tabIndex={-1}
          onClick={() => store.select(null)}
        >
          <h2 className="designer-pane-title">Canvas</h2>
          <div className="designer-form-title">{doc.layout.title || 'Untitled form'}</div>
          <CanvasList
            doc={doc}
            parent={[]}
            controls={doc.layout.controls}
            selected={selected}
            actions={actions}
            emptyText={narrow ? EMPTY_CANVAS_PHONE : EMPTY_CANVAS}
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
