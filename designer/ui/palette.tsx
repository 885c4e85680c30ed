import type { PointerEventHandler } from 'react'
import { useDraggable } from '@dnd-kit/core'
import { PALETTE } from '../model'
import type { PaletteItem, PaletteKind } from '../model'
import { paletteId } from './drop-target'

/**
 * Every control kind, to drag onto the canvas. Each entry is also a button: clicking it (or Enter
 * on it) adds the control next to the selection, so the palette works without a mouse.
 */
export function Palette({ onAdd }: { onAdd(kind: PaletteKind): void }) {
  return (
    <nav aria-label="Palette" className="designer-palette">
      <h2 className="designer-pane-title">Palette</h2>
      <ul className="list-unstyled mb-0">
        {PALETTE.map((item) => (
          <li key={item.kind}>
            <PaletteEntry item={item} onAdd={onAdd} />
          </li>
        ))}
      </ul>
    </nav>
  )
}

function PaletteEntry({ item, onAdd }: { item: PaletteItem; onAdd(kind: PaletteKind): void }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(item.kind) })
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`designer-palette-item${isDragging ? ' dragging' : ''}`}
      // Only the pointer starts a drag here; the keyboard's Enter/Space is the button's click (Add).
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      onClick={() => onAdd(item.kind)}
      title={`Drag onto the form, or click to add ${item.label}`}
      aria-label={`Add ${item.label}`}
      data-palette={item.kind}
    >
      {item.label}
    </button>
  )
}
