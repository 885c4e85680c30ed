import type { ErrorObject } from 'ajv'
import type { FormLayout } from './layout-schema'
import type { FieldMappings } from './field-mappings'
import { staticValidators } from '../validation/static-validators'
import { duplicateControlId } from './control-ids'
import { FORM_LAYOUT_MESSAGES } from './messages'
import { ruleIssues } from './rule-issues'

/**
 * Validation of a whole layout document against `formLayoutSchema` (and of field mappings). Both
 * schemas are in schemas/validation/static-schemas.ts: the browser runs ajv's code generated at build
 * time (no `eval`, so the CSP needs no 'unsafe-eval'); Node compiles the same schemas with the same
 * ajv options once per process. The designer validates on every JSON-view edit and never pays ajv's
 * compile cost.
 */

/** One problem found in a layout, located by JSON pointer into the document. */
export interface LayoutIssue {
  /** JSON pointer of the offending value, '' for the document itself. */
  path: string
  message: string
}

// discriminator (static-ajv.ts): errors name the one branch whose `type` matches, not every oneOf branch.

function describe(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    return `unknown property "${String(error.params.additionalProperty)}"`
  }
  if (error.keyword === 'enum' || error.keyword === 'const') {
    const allowed = error.keyword === 'enum' ? error.params.allowedValues : [error.params.allowedValue]
    return `must be one of ${(allowed as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
  }
  if (error.keyword === 'discriminator' && error.params.error === 'mapping') {
    return `unknown control type ${JSON.stringify(error.params.tagValue)}`
  }
  return error.message ?? 'is not valid'
}

/** Type guard plus issues: is `doc` a valid layout at the current version? */
export function validateLayout(
  doc: unknown,
): { ok: true; layout: FormLayout } | { ok: false; issues: LayoutIssue[] } {
  const validate = staticValidators.formLayout
  if (validate(doc)) {
    const layout = doc as FormLayout
    const twice = duplicateControlId(layout.controls)
    if (!twice) {
      const rules = ruleIssues(layout)
      return rules.length ? { ok: false, issues: rules } : { ok: true, layout }
    }
    return {
      ok: false,
      issues: [{ path: twice.path, message: FORM_LAYOUT_MESSAGES.layout.duplicateControlId(twice.id) }],
    }
  }
  const seen = new Set<string>()
  const issues: LayoutIssue[] = []
  for (const error of validate.errors ?? []) {
    // if/then failures repeat the inner error; the inner one is the useful text.
    if (error.keyword === 'if') continue
    const issue = { path: error.instancePath, message: describe(error) }
    const key = `${issue.path}|${issue.message}`
    if (!seen.has(key)) {
      seen.add(key)
      issues.push(issue)
    }
  }
  return { ok: false, issues }
}

/** Checks stored field mappings against `fieldMappingsSchema` (shape only; see `checkRecordType`). */
export function validateFieldMappings(
  doc: unknown,
): { ok: true; mappings: FieldMappings } | { ok: false; issues: LayoutIssue[] } {
  const validate = staticValidators.fieldMappings
  if (validate(doc)) return { ok: true, mappings: doc as FieldMappings }
  return {
    ok: false,
    issues: (validate.errors ?? []).map((e) => ({ path: e.instancePath, message: describe(e) })),
  }
}
