import { isContainer } from './layout-schema'
import type { Control, FormLayout, GroupControl } from './layout-schema'

/**
 * Read-only walks over a layout's control tree. Groups and rows nest, so every lookup by variable
 * has to descend into children; these helpers do it once, in document order.
 */

/** Position of a control: indexes into `controls`, then into each container's `children`. */
export type ControlPath = readonly number[]

/** A control met during a walk, with where it sits. */
export interface VisitedControl {
  control: Control
  path: ControlPath
  /** Enclosing groups, outermost first (rows are transparent for results). */
  groups: readonly GroupControl[]
}

/** Every control of the tree, depth first in document order. */
export function* walkControls(
  controls: readonly Control[],
  path: ControlPath = [],
  groups: readonly GroupControl[] = [],
): Generator<VisitedControl> {
  for (let i = 0; i < controls.length; i++) {
    const control = controls[i]
    const at = [...path, i]
    yield { control, path: at, groups }
    if (isContainer(control)) {
      yield* walkControls(control.children, at, control.type === 'group' ? [...groups, control] : groups)
    }
  }
}

/**
 * Calls `visit` for every control of the tree, depth first in document order: walkControls without its
 * paths and generator, for walks a form's first render makes (issue #17.5).
 */
export function eachControl(controls: readonly Control[], visit: (control: Control) => void): void {
  for (const control of controls) {
    visit(control)
    if (isContainer(control)) eachControl(control.children, visit)
  }
}

/** The variable a control stores its value under, if it has one (notes and rows never do). */
export function variableOf(control: Control): string | undefined {
  return 'variable' in control && typeof control.variable === 'string' && control.variable !== ''
    ? control.variable
    : undefined
}

/** A control's label as people read it (trimmed), or '' when it has none. */
export function controlLabel(control: Control): string {
  return 'label' in control && typeof control.label === 'string' ? control.label.trim() : ''
}

/**
 * Each variable's label in a layout (the first labelled control bound to it, in document order): what
 * the record view, its History panel and the certificate call a captured value.
 */
export function labelsByVariable(
  layout: Pick<FormLayout, 'controls'> | null | undefined,
): Map<string, string> {
  const labels = new Map<string, string>()
  if (!layout?.controls) return labels
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    const label = controlLabel(control)
    if (variable && label && !labels.has(variable)) labels.set(variable, label)
  }
  return labels
}

/** All variables of a layout in document order, group result variables included. */
export function listVariables(layout: Pick<FormLayout, 'controls'>): string[] {
  const out: string[] = []
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    if (variable !== undefined) out.push(variable)
  }
  return out
}

/** The first control bound to `variable`, wherever it is nested. */
export function findControlByVariable(
  layout: Pick<FormLayout, 'controls'>,
  variable: string,
): VisitedControl | undefined {
  for (const visited of walkControls(layout.controls)) {
    if (variableOf(visited.control) === variable) return visited
  }
  return undefined
}

/** Variables used by more than one control, each reported once, in order of the second use. */
export function findDuplicateVariables(layout: Pick<FormLayout, 'controls'>): string[] {
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const variable of listVariables(layout)) {
    if (seen.has(variable)) duplicates.add(variable)
    seen.add(variable)
  }
  return [...duplicates]
}

/** True for controls whose value takes part in a group result (SPEC §4 "Group results"). */
export function isTestControl(control: Control): boolean {
  return (
    control.type === 'testField' ||
    control.type === 'checkbox' ||
    (control.type === 'group' && !!control.variable) ||
    // A table counts as one test (its result: every test cell passes) when it has a test column.
    (control.type === 'table' && control.columns.some((c) => c.type === 'testField'))
  )
}

/**
 * The variables whose results make up a group's result: its explicit `tests` list, otherwise
 * every test field, checkbox and result-bearing sub-group inside it (sub-groups count as one test,
 * their own members are not repeated).
 */
export function groupTestVariables(group: GroupControl): string[] {
  if (group.tests && group.tests.length > 0) return [...group.tests]
  const out: string[] = []
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      const variable = variableOf(control)
      if (isTestControl(control) && variable) out.push(variable)
      // A nested group with its own result stands for its members; one without a result is transparent.
      else if (isContainer(control)) visit(control.children)
    }
  }
  visit(group.children)
  return out
}
