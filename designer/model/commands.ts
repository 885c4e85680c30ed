import {
  controlIdsOf,
  isContainer,
  listVariables,
  loadLayout,
  reidentify,
  variableOf,
} from '../../schemas/form-layout'
import type { Control, ControlPath, FieldMappings, LayoutIssue } from '../../schemas/form-layout'
import { revise } from './document'
import { renameVariable } from './rename'
import type { DesignerDocument } from './document'
import { createControl, uniqueVariable } from './factories'
import type { PaletteKind } from './factories'
import { childrenAt, clampIndex, controlAt, editChildren, editControl, isWithin } from './tree'

/**
 * The designer's commands. Each is a pure function (doc, args) → doc; a command that cannot apply
 * (bad path, moving a group into itself) returns the very same document, which the history treats
 * as "nothing happened".
 */

const withControls = (doc: DesignerDocument, controls: Control[] | undefined): DesignerDocument =>
  controls ? revise(doc, { layout: { ...doc.layout, controls } }) : doc

/** Inserts a new default control of `kind` into the container at `parentPath` ([] = top level). */
export function addControl(
  doc: DesignerDocument,
  kind: PaletteKind,
  parentPath: ControlPath,
  index: number,
): DesignerDocument {
  const control = createControl(kind, new Set(listVariables(doc.layout)))
  return insertControl(doc, control, parentPath, index)
}

/**
 * Inserts a given control (e.g. pasted) at `index` of the container at `parentPath`. A control without
 * an id, or with one the layout already uses (a copy), gets fresh ids for itself and its children.
 */
export function insertControl(
  doc: DesignerDocument,
  given: Control,
  parentPath: ControlPath,
  index: number,
): DesignerDocument {
  const used = controlIdsOf(doc.layout.controls)
  const clash = [...controlIdsOf([given])].some((id) => used.has(id))
  const control = given.id === undefined || clash ? reidentify(given, used) : given
  return withControls(
    doc,
    editChildren(doc.layout.controls, parentPath, (list) => {
      const copy = [...list]
      copy.splice(clampIndex(index, list.length), 0, control)
      return copy
    }),
  )
}

/** Removes the control at `path` (with its children). */
export function removeControl(doc: DesignerDocument, path: ControlPath): DesignerDocument {
  if (!controlAt(doc.layout.controls, path)) return doc
  const index = path[path.length - 1]
  return withControls(
    doc,
    editChildren(doc.layout.controls, path.slice(0, -1), (list) => list.filter((_, i) => i !== index)),
  )
}

/**
 * Moves the control at `from` into the container at `toParent`, at `index` of that list as it is
 * once the control has been taken out (so moving within one list to index i ends at position i).
 * Works between containers; a container cannot move into itself or its own descendants.
 */
export function moveControl(
  doc: DesignerDocument,
  from: ControlPath,
  toParent: ControlPath,
  index: number,
): DesignerDocument {
  const control = controlAt(doc.layout.controls, from)
  if (!control || isWithin(toParent, from) || !childrenAt(doc.layout.controls, toParent)) return doc
  const fromParent = from.slice(0, -1)
  const fromIndex = from[from.length - 1]
  const removed = editChildren(doc.layout.controls, fromParent, (list) =>
    list.filter((_, i) => i !== fromIndex),
  )
  if (!removed) return doc
  // Taking the control out shifts later siblings of an ancestor of the target up by one.
  const target = [...toParent]
  if (
    fromParent.length < target.length &&
    isWithin(target, fromParent) &&
    target[fromParent.length] > fromIndex
  ) {
    target[fromParent.length] -= 1
  }
  const samePlace =
    target.length === fromParent.length &&
    isWithin(target, fromParent) &&
    clampIndex(index, Infinity) === fromIndex
  if (samePlace) return doc
  return withControls(
    doc,
    editChildren(removed, target, (list) => {
      const copy = [...list]
      copy.splice(clampIndex(index, list.length), 0, control)
      return copy
    }),
  )
}

/**
 * Copies the control at `path` right after itself. The copy and every control inside it get new
 * unique variables; a copied group's `tests` follow the renamed members.
 */
export function duplicateControl(doc: DesignerDocument, path: ControlPath): DesignerDocument {
  const control = controlAt(doc.layout.controls, path)
  if (!control) return doc
  const taken = new Set(listVariables(doc.layout))
  const renames = new Map<string, string>()
  const rename = (c: Control): Control => {
    const variable = variableOf(c)
    let copy: Control = { ...c }
    if (variable) {
      const fresh = uniqueVariable(variable.replace(/\d+$/, ''), taken)
      taken.add(fresh)
      renames.set(variable, fresh)
      copy = { ...copy, variable: fresh } as Control
    }
    if (isContainer(copy)) copy = { ...copy, children: copy.children.map(rename) }
    return copy
  }
  const fixTests = (c: Control): Control => {
    if (!isContainer(c)) return c
    const children = c.children.map(fixTests)
    if (c.type === 'group' && c.tests)
      return { ...c, children, tests: c.tests.map((t) => renames.get(t) ?? t) }
    return { ...c, children }
  }
  const copy = fixTests(rename(control))
  return insertControl(doc, copy, path.slice(0, -1), path[path.length - 1] + 1)
}

/** A partial control: `undefined` removes a property (the inspector clearing an optional setting). */
export type ControlPatch = { [key: string]: unknown }

/**
 * Changes properties of the control at `path`. Its `type`, `id` and `children` cannot be patched (use
 * the palette and moveControl). Renaming a variable carries the new name into the field mappings
 * and group `tests` lists that used the old one.
 */
export function updateControl(
  doc: DesignerDocument,
  path: ControlPath,
  patch: ControlPatch,
): DesignerDocument {
  const control = controlAt(doc.layout.controls, path)
  if (!control) return doc
  const next: Record<string, unknown> = { ...control }
  let changed = false
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'type' || key === 'children' || key === 'id' || Object.is(next[key], value)) continue
    if (value === undefined) delete next[key]
    else next[key] = value
    changed = true
  }
  if (!changed) return doc
  carryPassChoice(control, next)
  let controls = editControl(doc.layout.controls, path, () => next as Control)
  if (!controls) return doc
  let mappings = doc.mappings
  const before = variableOf(control)
  const after = variableOf(next as Control)
  if (before && after && before !== after && !listVariables({ controls }).includes(before)) {
    controls = renameVariable(controls, before, after)
    mappings = renameInMappings(mappings, before, after)
  }
  return revise(doc, { layout: { ...doc.layout, controls }, mappings })
}

/**
 * Renaming a selection choice carries its pass choice with it (issue #11.21): when the pass choice is no
 * longer among the choices and the choice at its place was renamed (same number of choices), the pass
 * choice becomes the new text — even if the edit also cleared it (the inspector's form drops a value that
 * left its list).
 */
function carryPassChoice(before: Control, next: Record<string, unknown>): void {
  if (before.type !== 'testField' || before.testType !== 'selection') return
  const old = before.choices ?? []
  const choices = next.choices as string[] | undefined
  const pass = before.passChoice
  if (!choices || pass === undefined || choices.includes(pass) || choices.length !== old.length) return
  const at = old.indexOf(pass)
  if (at >= 0 && (next.passChoice === undefined || next.passChoice === pass)) next.passChoice = choices[at]
}

function renameInMappings(mappings: FieldMappings, from: string, to: string): FieldMappings {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(mappings)) {
    out[key] = value === from ? to : value
  }
  if (mappings.components) {
    out.components = mappings.components.map((c) => (c.serialField === from ? { ...c, serialField: to } : c))
  }
  return out as FieldMappings
}

/** Sets the form title. */
export function setTitle(doc: DesignerDocument, title: string): DesignerDocument {
  return doc.layout.title === title ? doc : revise(doc, { layout: { ...doc.layout, title } })
}

/** Replaces the field mappings. */
export function setMappings(doc: DesignerDocument, mappings: FieldMappings): DesignerDocument {
  return doc.mappings === mappings ? doc : revise(doc, { mappings })
}

/** Outcome of `replaceLayout`: the new document, or the old one with why the text was refused. */
export type ReplaceResult =
  { ok: true; doc: DesignerDocument } | { ok: false; doc: DesignerDocument; errors: LayoutIssue[] }

/**
 * The JSON view's edit: parse, migrate and validate `json`, and only then replace the layout.
 * Invalid JSON or an invalid layout keeps the last valid design and reports the errors.
 */
export function replaceLayout(doc: DesignerDocument, json: string): ReplaceResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (error) {
    return { ok: false, doc, errors: [{ path: '', message: (error as Error).message }] }
  }
  const loaded = loadLayout(parsed)
  if (!loaded.ok) return { ok: false, doc, errors: loaded.issues }
  return { ok: true, doc: revise(doc, { layout: loaded.layout }) }
}
