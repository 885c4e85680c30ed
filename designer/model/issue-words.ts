import { issueLocation } from '../../schemas/form-layout'
import type { LayoutIssue } from '../../schemas/form-layout'

/** A variable that is not an identifier, in words (ajv would quote the pattern). */
export const VARIABLE_FORMAT_WORDS = 'must use letters, digits and _ only, not starting with a digit.'

const REQUIRED = /^must have required property '([^']+)'$/

/**
 * Two of ajv's wordings in plain words, before `describeLayoutIssue` names the control: a variable
 * that does not match the pattern, and a missing property of a control, which moves into the path so
 * it is named as the inspector captions it ('"Voltage" (voltage): Label is required.', SPEC §5's
 * '{label} is required.'). Everything else is returned as it is.
 */
export function inPlainWords(issue: LayoutIssue): LayoutIssue {
  if (/\/variable$/.test(issue.path) && issue.message.startsWith('must match pattern'))
    return { ...issue, message: VARIABLE_FORMAT_WORDS }
  const required = REQUIRED.exec(issue.message)
  const at = required ? issueLocation(issue.path) : null
  if (required && at && at.path.length > 0 && at.property === null)
    return { path: `${issue.path}/${required[1]}`, message: 'is required.' }
  return issue
}
