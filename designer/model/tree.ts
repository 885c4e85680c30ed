import { isContainer } from '../../schemas/form-layout'
import type { Control, ControlPath } from '../../schemas/form-layout'

/**
 * Immutable edits of the control tree by path. Only the nodes on the path are copied; untouched
 * subtrees keep their identity so React can skip them. Invalid paths return undefined and let the
 * command leave the document as it was.
 */

/** The control at `path`, if any. */
export function controlAt(controls: readonly Control[], path: ControlPath): Control | undefined {
  let list = controls
  let found: Control | undefined
  for (let depth = 0; depth < path.length; depth++) {
    found = list[path[depth]]
    if (!found) return undefined
    if (depth < path.length - 1) {
      if (!isContainer(found)) return undefined
      list = found.children
    }
  }
  return found
}

/** The child list of the container at `parentPath` ([] is the layout's own list). */
export function childrenAt(
  controls: readonly Control[],
  parentPath: ControlPath,
): readonly Control[] | undefined {
  if (parentPath.length === 0) return controls
  const parent = controlAt(controls, parentPath)
  return parent && isContainer(parent) ? parent.children : undefined
}

/** Replaces the child list of the container at `parentPath` by `edit(list)`. */
export function editChildren(
  controls: readonly Control[],
  parentPath: ControlPath,
  edit: (list: readonly Control[]) => Control[],
): Control[] | undefined {
  if (parentPath.length === 0) return edit(controls)
  const [head, ...rest] = parentPath
  const node = controls[head]
  if (!node || !isContainer(node)) return undefined
  const children = editChildren(node.children, rest, edit)
  if (!children) return undefined
  const copy = [...controls]
  copy[head] = { ...node, children }
  return copy
}

/** Replaces the control at `path` by `edit(control)`. */
export function editControl(
  controls: readonly Control[],
  path: ControlPath,
  edit: (control: Control) => Control,
): Control[] | undefined {
  if (path.length === 0) return undefined
  const index = path[path.length - 1]
  let ok = true
  const result = editChildren(controls, path.slice(0, -1), (list) => {
    if (!list[index]) {
      ok = false
      return [...list]
    }
    const copy = [...list]
    copy[index] = edit(list[index])
    return copy
  })
  return ok ? result : undefined
}

/** Clamps an insertion index into 0..length. */
export function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(length, Number.isFinite(index) ? Math.trunc(index) : length))
}

/** True when `path` is `ancestor` or lies inside it. */
export function isWithin(path: ControlPath, ancestor: ControlPath): boolean {
  return ancestor.length <= path.length && ancestor.every((v, i) => path[i] === v)
}
