import type { Control, FormLayout } from './layout-schema'
import type { ControlPath } from './layout-walk'

/**
 * Stable control ids (layout version 2). A control keeps its id through moves, edits and undo, so the
 * designer's selection, React keys, drag ids, undo merging and focus follow the control, not the place
 * it happens to be in. Ids are short ('c1', 'c2' …), unique within a layout, and given deterministically
 * (document order, skipping ids in use), so loading the same layout twice gives the same ids.
 */

type Node = { id?: string; children?: readonly Node[] }

/** Every id used in a control tree. */
export function controlIdsOf(controls: readonly Node[], into = new Set<string>()): Set<string> {
  for (const control of controls) {
    if (typeof control.id === 'string') into.add(control.id)
    if (Array.isArray(control.children)) controlIdsOf(control.children, into)
  }
  return into
}

/** The next id not in `used` (and records it there). */
export function freshControlId(used: Set<string>): string {
  let n = used.size + 1
  while (used.has(`c${n}`)) n++
  const id = `c${n}`
  used.add(id)
  return id
}

/**
 * The tree with an id on every control: those without one get a fresh id. Untouched subtrees keep their
 * identity, and a tree that lacked nothing is answered as it is. Works on raw JSON too (the migration).
 */
export function fillControlIds<T extends Node>(controls: readonly T[], used = controlIdsOf(controls)): T[] {
  let changed = false
  const out = controls.map((control) => {
    let next = control
    if (typeof control.id !== 'string') next = { ...next, id: freshControlId(used) }
    if (Array.isArray(control.children)) {
      const children = fillControlIds(control.children, used)
      if (children !== control.children) next = { ...next, children }
    }
    if (next !== control) changed = true
    return next
  })
  return changed ? out : (controls as T[])
}

/** The layout with an id on every control (itself when none was missing). */
export function withControlIds(layout: FormLayout): FormLayout {
  const controls = fillControlIds(layout.controls)
  return controls === layout.controls ? layout : { ...layout, controls }
}

/** Gives `control` and everything inside it new ids not in `used` (a pasted or duplicated copy). */
export function reidentify(control: Control, used: Set<string>): Control {
  const copy = { ...control, id: freshControlId(used) } as Control
  if ('children' in copy && Array.isArray(copy.children))
    (copy as { children: Control[] }).children = copy.children.map((child) => reidentify(child, used))
  return copy
}

/** The path of the control with `id`, if the tree has it. */
export function pathOfControlId(controls: readonly Control[], id: string): ControlPath | undefined {
  for (let i = 0; i < controls.length; i++) {
    const control = controls[i]
    if (control.id === id) return [i]
    if ('children' in control && Array.isArray(control.children)) {
      const inner = pathOfControlId(control.children, id)
      if (inner) return [i, ...inner]
    }
  }
  return undefined
}

/** The first id used by more than one control, if any (a layout must not have one). */
export function duplicateControlId(controls: readonly Node[]): { id: string; path: string } | undefined {
  const seen = new Set<string>()
  const walk = (list: readonly Node[], at: string): { id: string; path: string } | undefined => {
    for (let i = 0; i < list.length; i++) {
      const control = list[i]
      const path = `${at}/${i}`
      if (typeof control.id === 'string') {
        if (seen.has(control.id)) return { id: control.id, path: `${path}/id` }
        seen.add(control.id)
      }
      const inner = Array.isArray(control.children) ? walk(control.children, `${path}/children`) : undefined
      if (inner) return inner
    }
    return undefined
  }
  return walk(controls, '/controls')
}
