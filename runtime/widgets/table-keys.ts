import type { KeyboardEvent } from 'react'

/**
 * Moving between the cells of a measurement table by keyboard (issue #14). Each editable input carries
 * `data-cell="row:col"` (col counts editable columns), so a move is a lookup, not a walk of the DOM.
 */

/** The cell an element is, if it is a cell's input. */
export function cellAt(el: EventTarget | null): { row: number; col: number } | undefined {
  const at = (el as HTMLElement | null)?.dataset?.cell?.split(':').map(Number)
  return at && at.length === 2 ? { row: at[0], col: at[1] } : undefined
}

/** Focuses a cell's input (selecting a number box's text, so typing replaces it); false when not rendered. */
export function focusCell(root: ParentNode, row: number, col: number): boolean {
  const target = root.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)
  if (!target) return false
  target.focus()
  target.scrollIntoView?.({ block: 'nearest' })
  if (target instanceof HTMLInputElement) target.select()
  return true
}

/**
 * Enter / Shift+Enter and the arrows (not in a select, whose arrows pick a choice) move down and up a
 * column; Enter at the foot of a column carries on at the top of the next, as a column of readings is
 * entered. Answers the cell to go to when it is not rendered (a long table renders the rows in view only).
 */
export function moveFocus(
  e: KeyboardEvent<HTMLTableElement>,
  rows: number,
  editableCount: number,
): { row: number; col: number } | undefined {
  const at = cellAt(e.target)
  if (!at) return undefined
  const isSelect = (e.target as HTMLElement).tagName === 'SELECT'
  const down = (e.key === 'Enter' && !e.shiftKey) || (e.key === 'ArrowDown' && !isSelect)
  const up = (e.key === 'Enter' && e.shiftKey) || (e.key === 'ArrowUp' && !isSelect)
  if (!down && !up) return undefined
  e.preventDefault()
  let next = { row: at.row + (down ? 1 : -1), col: at.col }
  if (next.row >= rows && e.key === 'Enter' && at.col + 1 < editableCount) next = { row: 0, col: at.col + 1 }
  if (next.row < 0 || next.row >= rows) return undefined
  return focusCell(e.currentTarget, next.row, next.col) ? undefined : next
}
