import type { LayoutIssue } from './validate-layout'
import type { Control, FormLayout } from './layout-schema'
import { controlLabel } from './layout-walk'

/** Property names as the inspector captions them, for problems said in words. */
const PROPERTY_NAMES: Record<string, string> = {
  min: 'Min',
  max: 'Max',
  passChoice: 'Pass choice',
  choices: 'Choices',
  tests: 'Tests',
  unit: 'Unit',
  variable: 'Variable',
  label: 'Label',
  testType: 'Test type',
  col: 'Width',
  values: 'Values',
  columns: 'Column',
}

/** Where a layout problem is: the control's place in the tree and the property, from its JSON pointer. */
export function issueLocation(pointer: string): { path: number[]; property: string | null } | null {
  const parts = pointer.split('/').slice(1)
  if (parts[0] !== 'controls' || parts.length < 2) return null
  const path: number[] = []
  let i = 1
  while (i < parts.length && /^\d+$/.test(parts[i])) {
    path.push(Number(parts[i]))
    if (parts[i + 1] === 'children' && /^\d+$/.test(parts[i + 2] ?? '')) i += 2
    else {
      i += 1
      break
    }
  }
  return { path, property: parts[i] ?? null }
}

function controlAtPath(controls: readonly Control[], path: readonly number[]): Control | undefined {
  let list = controls
  let found: Control | undefined
  for (const index of path) {
    found = list[index]
    if (!found) return undefined
    list = 'children' in found && Array.isArray(found.children) ? found.children : []
  }
  return found
}

/** A control as a user names it: its label and variable, e.g. '"Voltage ratio error" (ratioError)'. */
export function controlDisplayName(control: Control): string {
  const label = controlLabel(control)
  const variable = 'variable' in control && typeof control.variable === 'string' ? control.variable : ''
  if (label && variable) return `"${label}" (${variable})`
  if (label) return `"${label}"`
  if (variable) return variable
  return `the ${control.type} control`
}

/**
 * A layout problem in words (issue #11.22): named by the control's label and variable instead of its JSON
 * pointer, e.g. '"Voltage ratio error" (ratioError): Min must not be greater than max'. The designer's
 * problem list, the control's card, the inspector and Save all say it this way.
 */
export function describeLayoutIssue(layout: Pick<FormLayout, 'controls'>, issue: LayoutIssue): string {
  const at = issueLocation(issue.path)
  const control = at && at.path.length ? controlAtPath(layout.controls, at.path) : undefined
  if (!at || !control)
    return issue.path && issue.path !== '/' ? `${issue.path} ${issue.message}` : issue.message
  const property = at.property ? `${PROPERTY_NAMES[at.property] ?? at.property} ` : ''
  return `${controlDisplayName(control)}: ${property}${issue.message}`
}
