import {
  FORM_LAYOUT_MESSAGES,
  choiceIssues,
  describeLayoutIssue,
  findDuplicateVariables,
  issueLocation,
  listVariables,
  validateLayout,
  walkControls,
} from '../../schemas/form-layout'
import type { Control, ControlPath, LayoutIssue } from '../../schemas/form-layout'
import { passChoiceOf, testTypeIssue, timespanUnitIssue } from '../../runtime/pass-fail'
import type { DesignerDocument } from './document'
import { inPlainWords } from './issue-words'
import { controlAt } from './tree'

/** Read-only views of a designer document for the canvas, inspector and problems list. */

/** Variables of the layout in document order (for mapping dropdowns). */
export function selectVariables(doc: DesignerDocument): string[] {
  return listVariables(doc.layout)
}

/** The control at `path`, if it exists. */
export function selectControl(doc: DesignerDocument, path: ControlPath): Control | undefined {
  return controlAt(doc.layout.controls, path)
}

const pointer = (path: ControlPath) => `/controls/${path.join('/children/')}`

/**
 * Everything wrong with the layout: JSON Schema errors, duplicate variables (SPEC §5 text) and the
 * rules a schema cannot state (a pass choice outside the choices, min above max, a test list naming
 * an unknown variable, the runtime's own messages for unusable controls). Memoise on the document:
 * it walks the whole layout.
 */
export function selectIssues(doc: DesignerDocument): LayoutIssue[] {
  const validation = validateLayout(doc.layout)
  const issues: LayoutIssue[] = validation.ok ? [] : [...validation.issues]
  // Repeated selection choices: refused on save (server/record-types/checks.ts), so named here first.
  if (validation.ok) issues.push(...choiceIssues(doc.layout))
  for (const variable of findDuplicateVariables(doc.layout)) {
    issues.push({ path: '', message: FORM_LAYOUT_MESSAGES.recordType.duplicateVariable(variable) })
  }
  const known = new Set(listVariables(doc.layout))
  for (const { control, path } of walkControls(doc.layout.controls)) {
    const at = pointer(path)
    if (control.type === 'testField') {
      const typeIssue = testTypeIssue(control)
      if (typeIssue) {
        issues.push({ path: at, message: typeIssue })
        continue
      }
      if (control.min !== undefined && control.max !== undefined && control.min > control.max) {
        issues.push({ path: `${at}/min`, message: 'must not be greater than max' })
      }
      const passChoice = passChoiceOf(control)
      if (
        control.testType === 'selection' &&
        control.choices &&
        passChoice &&
        !control.choices.includes(passChoice)
      ) {
        issues.push({ path: `${at}/passChoice`, message: 'must be one of the choices' })
      }
    }
    if (control.type === 'timespan') {
      const unitIssue = timespanUnitIssue(control)
      if (unitIssue) issues.push({ path: `${at}/unit`, message: unitIssue })
    }
    if (control.type === 'group') {
      for (const test of control.tests ?? []) {
        if (!known.has(test))
          issues.push({ path: `${at}/tests`, message: `names unknown variable "${test}"` })
      }
    }
  }
  return issues
}

/** A layout problem as users read it (issue #11.22): named by label and variable, with the control it is on. */
export interface NamedIssue extends LayoutIssue {
  /** '0.2' for the control at [0, 2]; null for a problem of the whole layout. */
  controlKey: string | null
  text: string
}

const named = new WeakMap<DesignerDocument, NamedIssue[]>()

/** `selectIssues` in words, each with the control it belongs to; computed once per document. */
export function selectNamedIssues(doc: DesignerDocument): NamedIssue[] {
  let out = named.get(doc)
  if (!out) {
    out = selectIssues(doc).map((issue) => {
      const at = issueLocation(issue.path)
      return {
        ...issue,
        controlKey: at && at.path.length ? at.path.join('.') : null,
        text: describeLayoutIssue(doc.layout, inPlainWords(issue)),
      }
    })
    named.set(doc, out)
  }
  return out
}

/** The problems of one control (the canvas card and the inspector show them where it is). */
export function selectControlIssues(doc: DesignerDocument, path: ControlPath): string[] {
  const key = path.join('.')
  return selectNamedIssues(doc)
    .filter((issue) => issue.controlKey === key)
    .map((issue) => issue.text)
}
