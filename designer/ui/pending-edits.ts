import {
  FORM_LAYOUT_MESSAGES,
  VARIABLE_PATTERN,
  controlDisplayName,
  listVariables,
  pathOfControlId,
} from '../../schemas/form-layout'
import type { Control, LayoutIssue } from '../../schemas/form-layout'
import { controlAt } from '../model'
import type { DesignerDocument } from '../model'
import { describeJsonProblems } from './json-problems'

/**
 * Edits a view holds that are not in the document yet because they are not valid: they live in the
 * designer store beside the undo history (not in it), so the page counts them as unsaved, Save refuses
 * them by name, and a view shows them again when it is reopened.
 */

/** The JSON view's text that is not a valid layout, with why. */
export interface JsonDraft {
  readonly text: string
  readonly problems: readonly LayoutIssue[]
}

/** Variables typed in the inspector that are not valid yet (empty, not an identifier, used twice), by control id. */
export type VariableDrafts = Readonly<Record<string, string>>

/** What the store keeps of edits not applied. */
export interface PendingEdits {
  readonly jsonDraft: JsonDraft | null
  readonly variableDrafts: VariableDrafts
}

/** Shown under a variable that is not an identifier (the schema's own pattern message is cryptic). */
export const VARIABLE_FORMAT_MESSAGE = 'Use letters, digits and _ only, not starting with a digit.'

/** Shown under an empty variable or label: SPEC §5's '{label} is required.'. */
export const requiredMessage = (title: string) => FORM_LAYOUT_MESSAGES.recordType.fieldRequired(title)

/** The Design tab's notice and Save's message for the JSON view's edit, before the problem. */
export const JSON_DRAFT_NOTICE = 'The JSON view holds an edit that is not applied:'

const variableRe = new RegExp(VARIABLE_PATTERN)

/** Why `text` cannot be a control's variable while the other controls use `others`, or null when it can. */
export function variableDraftProblem(text: string | undefined, others: readonly string[]): string | null {
  if (text === undefined || text === '') return requiredMessage('Variable')
  if (!variableRe.test(text)) return VARIABLE_FORMAT_MESSAGE
  if (others.includes(text)) return FORM_LAYOUT_MESSAGES.recordType.duplicateVariable(text)
  return null
}

/** Variables of every other control: the layout's list minus one use of this control's own. */
export function otherVariables(doc: DesignerDocument, control: Control): string[] {
  const all = listVariables(doc.layout)
  const own = 'variable' in control ? control.variable : undefined
  const at = own ? all.indexOf(own) : -1
  if (at >= 0) all.splice(at, 1)
  return all
}

function controlById(doc: DesignerDocument, id: string): Control | undefined {
  const path = pathOfControlId(doc.layout.controls, id)
  return path ? controlAt(doc.layout.controls, path) : undefined
}

/**
 * The drafts still meaningful in `doc` (the same object when all are): a draft of a control that is
 * gone (undone, deleted) or whose variable is now the drafted text (set in the JSON view) is dropped.
 */
export function pruneVariableDrafts(doc: DesignerDocument, drafts: VariableDrafts): VariableDrafts {
  const ids = Object.keys(drafts)
  const kept = ids.filter((id) => {
    const control = controlById(doc, id)
    return control !== undefined && !('variable' in control && control.variable === drafts[id])
  })
  if (kept.length === ids.length) return drafts
  return Object.fromEntries(kept.map((id) => [id, drafts[id]]))
}

/** Whether any view holds an edit that is not applied. */
export function hasPendingEdits(pending: PendingEdits): boolean {
  return pending.jsonDraft !== null || Object.keys(pending.variableDrafts).length > 0
}

/**
 * Why Save cannot take the design as the views show it: the JSON view's problems, and each variable
 * typed in the inspector with the inspector's own message, named by its control ('"Voltage"
 * (voltage): Use letters, digits and _ only, not starting with a digit.'). Empty when nothing is pending.
 */
export function pendingEditMessages(doc: DesignerDocument, pending: PendingEdits): string[] {
  const out: string[] = []
  if (pending.jsonDraft)
    for (const problem of describeJsonProblems(pending.jsonDraft.text, pending.jsonDraft.problems))
      out.push(`${JSON_DRAFT_NOTICE} ${problem}`)
  for (const [id, text] of Object.entries(pending.variableDrafts)) {
    const control = controlById(doc, id)
    if (!control) continue
    // Valid by now (the other control was renamed): the inspector applies it when the control is selected.
    const problem =
      variableDraftProblem(text, otherVariables(doc, control)) ??
      `Variable ${text} is not applied yet: select the control to apply it.`
    out.push(`${controlDisplayName(control)}: ${problem}`)
  }
  return out
}
