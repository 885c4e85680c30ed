import { NA_TEXT } from './constants'
import { conditionHolds } from './conditions'
import { conditionValue, type DerivedRecord, type LayoutRules, type Parameters } from './derive'
import type { Control } from './layout-schema'
import { variableOf } from './layout-walk'

/** Empty as a required control reads it. */
const isMissing = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' &&
    'passOrFail' in (value as object) &&
    (value as { passOrFail: unknown }).passOrFail !== NA_TEXT &&
    ((value as { value?: unknown }).value ?? null) === null)

/**
 * Conditionally required controls (a `required` control with `visibleIf`, or one with `requiredIf`) that
 * are shown and required now, in document order. Unconditional `required` is the data schema's business.
 * Capture marks these with the required asterisk as the values change; `missingRequired` refuses them empty.
 */
export function requiredNow(
  rules: LayoutRules,
  derived: Pick<DerivedRecord, 'data' | 'hidden'>,
  params: Parameters = {},
): Control[] {
  const out: Control[] = []
  if (!rules.conditionals.length) return out
  const scope: Record<string, unknown> = { param: params }
  for (const [variable, value] of Object.entries(derived.data))
    scope[variable] = derived.hidden.has(variable) ? null : conditionValue(value)
  for (const c of rules.conditionals) {
    const variable = variableOf(c.control)
    if (!variable || derived.hidden.has(variable)) continue
    if (
      ('required' in c.control && c.control.required === true) ||
      (!!c.requiredIf && conditionHolds(c.requiredIf, scope))
    )
      out.push(c.control)
  }
  return out
}

/** The controls of `requiredNow` that hold no value: the variables a Save and the server refuse. */
export function missingRequired(
  rules: LayoutRules,
  derived: Pick<DerivedRecord, 'data' | 'hidden'>,
  params: Parameters = {},
): Control[] {
  return requiredNow(rules, derived, params).filter((c) => isMissing(derived.data[variableOf(c) ?? '']))
}
