import { act, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { addControl, createDocument } from '../model'
import { DesignerStore } from './designer-store'
import { historyShortcut, UndoRedoButtons, useHistoryShortcuts } from './toolbar'

function Harness({ store }: { store: DesignerStore }) {
  const root = useRef<HTMLDivElement>(null)
  useHistoryShortcuts(store, root)
  return (
    <div ref={root}>
      <UndoRedoButtons store={store} />
      <input aria-label="Label" />
    </div>
  )
}

function setup() {
  let now = 0
  const store = new DesignerStore(createDocument(), () => (now += 5000))
  render(<Harness store={store} />)
  return store
}

describe('undo/redo toolbar and shortcuts', () => {
  it('reads Ctrl/⌘+Z as undo and Ctrl+Shift+Z or Ctrl+Y as redo', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
      historyShortcut({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods })
    expect(key('z', { ctrlKey: true })).toBe('undo')
    expect(key('z', { metaKey: true })).toBe('undo')
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo')
    expect(key('y', { ctrlKey: true })).toBe('redo')
    expect(key('z')).toBeNull()
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull()
  })

  it('enables the buttons by history and undoes/redoes with them', () => {
    const store = setup()
    const undo = screen.getByRole('button', { name: /Undo/ })
    const redo = screen.getByRole('button', { name: /Redo/ })
    expect(undo).toBeDisabled()
    fireEvent.click(undo)
    expect(store.doc.layout.controls).toHaveLength(0)
    act(() => {
      store.apply((d) => addControl(d, 'checkbox', [], 0))
    })
    expect(undo).toBeEnabled()
    fireEvent.click(undo)
    expect(store.doc.layout.controls).toHaveLength(0)
    expect(redo).toBeEnabled()
    fireEvent.click(redo)
    expect(store.doc.layout.controls).toHaveLength(1)
  })

  it('handles Ctrl+Z and Ctrl+Shift+Z typed anywhere inside the designer, inputs included', () => {
    const store = setup()
    act(() => {
      store.apply((d) => addControl(d, 'checkbox', [], 0))
      store.apply((d) => addControl(d, 'note', [], 1))
    })
    const input = screen.getByLabelText('Label')
    const undo = fireEvent.keyDown(input, { key: 'z', ctrlKey: true })
    expect(undo).toBe(false) // default prevented: the input's own undo does not run
    expect(store.doc.layout.controls).toHaveLength(1)
    fireEvent.keyDown(input, { key: 'z', ctrlKey: true })
    expect(store.doc.layout.controls).toHaveLength(0)
    fireEvent.keyDown(input, { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(store.doc.layout.controls).toHaveLength(1)
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    expect(store.doc.layout.controls).toHaveLength(1)
  })
})
