import type { PointerEventHandler } from 'react'
import { useDraggable } from '@dnd-kit/core'
import { PALETTE } from '../model'
import type { PaletteItem, PaletteKind } from '../model'
import { paletteId } from './drop-target'

/** What the palette says on a phone, where its entries are tapped (the canvas is not beside it). */
export const PALETTE_TAP_HINT =
  'Tap a control to add it after the selected one (into a selected group or row), else at the end.'

/**
 * Every control kind, to drag onto the canvas. Each entry is also a button: clicking it (or Enter
 * on it) adds the control next to the selection, so the palette works without a mouse. Not
 * `draggable` (a phone), entries only add when tapped, and a swipe over them scrolls the page.
 */
export function Palette({
  onAdd,
  draggable = true,
}: {
  onAdd(kind: PaletteKind): void
  draggable?: boolean
}) {
  return (
    <nav aria-label="Palette" className="designer-palette">
      <h2 className="designer-pane-title">Palette</h2>
      {!draggable && <p className="small text-body-secondary mb-2">{PALETTE_TAP_HINT}</p>}
      <ul className="list-unstyled mb-0">
        {PALETTE.map((item) => (
          <li key={item.kind}>
            <PaletteEntry item={item} onAdd={onAdd} draggable={draggable} />
          </li>
        ))}
      </ul>
    </nav>
  )
}

function PaletteEntry({
  item,
  onAdd,
  draggable,
}: {
  item: PaletteItem
  onAdd(kind: PaletteKind): void
  draggable: boolean
}) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: paletteId(item.kind),
    disabled: !draggable,
  })
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`designer-palette-item${isDragging ? ' dragging' : ''}${draggable ? '' : ' tap-only'}`}
      // Only the pointer starts a drag here; the keyboard's Enter/Space is the button's click (Add).
      onPointerDown={
        draggable
          ? (listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined)
          : undefined
      }
      onClick={() => onAdd(item.kind)}
      title={draggable ? `Drag onto the form, or click to add ${item.label}` : undefined}
      aria-label={`Add ${item.label}`}
      data-palette={item.kind}
    >
      {item.label}
    </button>
  )
}
