import { pathOfControlId, type ControlPath } from '../../schemas/form-layout'
import { addControl, childrenAt, controlAt, moveControl } from '../model'
import type { DesignerDocument, PaletteKind } from '../model'
import { isContainer } from '../../schemas/form-layout'

/**
 * Drag-and-drop ids of the canvas and what a drop means, as pure functions so the rules are tested
 * without a browser. Ids carry the controls' stable ids (issue #13.4), so a drag id names the same
 * control whatever moves; a place is read from the document at the moment of the drop.
 *   p:<kind>     a palette entry
 *   c:<id>       a control on the canvas (dropping on it inserts before it)
 *   in:<id>      the inside of a container ('in:' is the form itself); dropping there appends
 */

const idAt = (doc: DesignerDocument, path: ControlPath) => controlAt(doc.layout.controls, path)?.id ?? ''
/** The path a control id names in `doc` ('' is the form itself), undefined when none has it. */
const decode = (doc: DesignerDocument, id: string): ControlPath | undefined =>
  id === '' ? [] : pathOfControlId(doc.layout.controls, id)

export const paletteId = (kind: PaletteKind) => `p:${kind}`
/** The drag id of the control at `path`. */
export const controlId = (doc: DesignerDocument, path: ControlPath) => `c:${idAt(doc, path)}`
/** The drop id of the inside of the container at `path` ([] is the form). */
export const containerId = (doc: DesignerDocument, path: ControlPath) =>
  `in:${path.length ? idAt(doc, path) : ''}`

export type DragSource = { kind: 'palette'; palette: PaletteKind } | { kind: 'control'; path: ControlPath }

/** What a drag id picks up, with the control's path in `doc`. */
export function parseSource(doc: DesignerDocument, id: string): DragSource | null {
  if (id.startsWith('p:')) return { kind: 'palette', palette: id.slice(2) as PaletteKind }
  const path = id.startsWith('c:') && id.length > 2 ? decode(doc, id.slice(2)) : undefined
  return path ? { kind: 'control', path } : null
}

/** Where a drop puts the control: the container and the index in its list as it will be. */
export interface DropPlace {
  parent: ControlPath
  index: number
}

/** The place a drop on `overId` means, or null when the id is not a drop target. */
export function placeOf(doc: DesignerDocument, overId: string): DropPlace | null {
  if (overId.startsWith('in:')) {
    const parent = decode(doc, overId.slice(3))
    const list = parent && childrenAt(doc.layout.controls, parent)
    return parent && list ? { parent, index: list.length } : null
  }
  if (overId.startsWith('c:')) {
    const path = decode(doc, overId.slice(2))
    if (!path || path.length === 0) return null
    return { parent: path.slice(0, -1), index: path[path.length - 1] }
  }
  return null
}

const sameList = (a: ControlPath, b: ControlPath) => a.length === b.length && a.every((v, i) => v === b[i])

/**
 * The document after dropping `activeId` on `overId`, and the path of the dropped control (to select
 * it). Dropping on a control inserts before it; a control moved down its own list lands before the
 * target too (its old place no longer counts). A container cannot go inside itself: the document
 * is returned unchanged.
 */
export function applyDrop(
  doc: DesignerDocument,
  activeId: string,
  overId: string,
): { doc: DesignerDocument; path: ControlPath | null } {
  const source = parseSource(doc, activeId)
  const place = placeOf(doc, overId)
  if (!source || !place) return { doc, path: null }
  if (source.kind === 'palette') {
    const next = addControl(doc, source.palette, place.parent, place.index)
    return { doc: next, path: next === doc ? null : [...place.parent, place.index] }
  }
  const from = source.path
  const fromParent = from.slice(0, -1)
  const fromIndex = from[from.length - 1]
  let index = place.index
  // Taken out of the same list before the target: everything after it shifts up by one.
  if (sameList(fromParent, place.parent) && fromIndex < index) index -= 1
  const next = moveControl(doc, from, place.parent, index)
  return { doc: next, path: next === doc ? null : pathAfterMove(from, place.parent, index) }
}

/** Where the control moved from `from` into `toParent` at `index` ends up. */
export function pathAfterMove(from: ControlPath, toParent: ControlPath, index: number): ControlPath {
  const target = [...toParent]
  const fromParent = from.slice(0, -1)
  const fromIndex = from[from.length - 1]
  // Removing the control shifts later siblings of an ancestor of the target up by one (as moveControl).
  if (
    fromParent.length < target.length &&
    fromParent.every((v, i) => target[i] === v) &&
    target[fromParent.length] > fromIndex
  ) {
    target[fromParent.length] -= 1
  }
  return [...target, index]
}

/** Keyboard and button moves of one control: up, down, into the container above, out of its container. */
export type StepMove = 'up' | 'down' | 'into' | 'out'

/** The move's target (parent and index as moveControl reads them), or null when it cannot move that way. */
export function stepTarget(doc: DesignerDocument, path: ControlPath, move: StepMove): DropPlace | null {
  const parent = path.slice(0, -1)
  const index = path[path.length - 1]
  const siblings = childrenAt(doc.layout.controls, parent) ?? []
  switch (move) {
    case 'up':
      return index > 0 ? { parent, index: index - 1 } : null
    case 'down':
      return index < siblings.length - 1 ? { parent, index: index + 1 } : null
    case 'into': {
      const above = siblings[index - 1]
      if (index === 0 || !above || !isContainer(above)) return null
      return { parent: [...parent, index - 1], index: above.children.length }
    }
    case 'out':
      return parent.length > 0 ? { parent: parent.slice(0, -1), index: parent[parent.length - 1] + 1 } : null
  }
}

/** Applies a step move; answers the document and the control's new path. */
export function applyStep(
  doc: DesignerDocument,
  path: ControlPath,
  move: StepMove,
): { doc: DesignerDocument; path: ControlPath | null } {
  const target = stepTarget(doc, path, move)
  if (!target) return { doc, path: null }
  // 'out' places the control after its container; moveControl reads the index after removal, which
  // for a list that does not contain the control is the same list.
  const next = moveControl(doc, path, target.parent, target.index)
  return { doc: next, path: next === doc ? null : pathAfterMove(path, target.parent, target.index) }
}
