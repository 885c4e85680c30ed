import { LAYOUT_VERSION, describeLayoutIssue } from '../../schemas/form-layout'
import type { Control, LayoutIssue } from '../../schemas/form-layout'
import { inPlainWords } from '../model'

/** The controls the typed text holds, when it is a layout of the current version (paths point into it). */
function typedControls(text: string): readonly Control[] {
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed !== 'object' || parsed === null) return []
    const { version, controls } = parsed as { version?: unknown; controls?: unknown }
    // A layout of an older version is migrated before it is checked, so its paths may point elsewhere.
    return version === LAYOUT_VERSION && Array.isArray(controls) ? (controls as Control[]) : []
  } catch {
    return []
  }
}

/**
 * Why the JSON view's text was not applied, in the designer's words (issue #11.22): a problem inside a
 * control is named by that control's label and variable as the text has them ('"Voltage" (9volt): Variable
 * must use letters, digits and _ only, not starting with a digit.'), not by its JSON pointer; a syntax
 * error or a problem outside the controls keeps its place and ajv's or the parser's words.
 */
export function describeJsonProblems(text: string, issues: readonly LayoutIssue[]): string[] {
  const controls = typedControls(text)
  return issues.map((issue) => {
    const plain = inPlainWords(issue)
    try {
      return describeLayoutIssue({ controls: controls as Control[] }, plain)
    } catch {
      // Hand-typed text may hold a control that is not an object ("controls": [5]).
      return plain.path ? `${plain.path} ${plain.message}` : plain.message
    }
  })
}
