import { useEffect, type RefObject } from 'react'
import Button from 'react-bootstrap/Button'
import ButtonGroup from 'react-bootstrap/ButtonGroup'
import { canRedo, canUndo } from '../model'
import type { DesignerStore } from './designer-store'
import { useDesignerState } from './designer-store'

/** Undo and Redo buttons over the designer's whole history. */
export function UndoRedoButtons({ store }: { store: DesignerStore }) {
  const { history } = useDesignerState(store)
  return (
    <ButtonGroup size="sm" aria-label="History">
      <Button
        variant="outline-secondary"
        onClick={store.undo}
        disabled={!canUndo(history)}
        title="Undo (Ctrl+Z)"
      >
        ↶ Undo
      </Button>
      <Button
        variant="outline-secondary"
        onClick={store.redo}
        disabled={!canRedo(history)}
        title="Redo (Ctrl+Shift+Z)"
      >
        ↷ Redo
      </Button>
    </ButtonGroup>
  )
}

/** Whether a keydown is the undo (Ctrl/⌘+Z) or redo (Ctrl/⌘+Shift+Z, Ctrl+Y) shortcut. */
export function historyShortcut(
  e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'key'>,
) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null
  const key = e.key.toLowerCase()
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo'
  if (key === 'y' && !e.shiftKey) return 'redo'
  return null
}

/**
 * Ctrl+Z / Ctrl+Shift+Z anywhere inside `root` (canvas, inspector fields, palette) undo and redo the
 * designer's edits instead of one input's text. Monaco handles its own keys (and calls the store).
 */
export function useHistoryShortcuts(store: DesignerStore, root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current
    if (!element) return
    const onKeyDown = (e: KeyboardEvent) => {
      const action = historyShortcut(e)
      if (!action || e.defaultPrevented) return
      if ((e.target as Element | null)?.closest?.('.monaco-editor')) return
      e.preventDefault()
      if (action === 'undo') store.undo()
      else store.redo()
    }
    element.addEventListener('keydown', onKeyDown)
    return () => element.removeEventListener('keydown', onKeyDown)
  }, [store, root])
}
