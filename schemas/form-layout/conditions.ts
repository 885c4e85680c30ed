import jsonLogic from 'json-logic-js'
import type { Comparison, Condition } from './condition-schema'

/**
 * Conditions (issue #14) are JSON Logic rules evaluated by json-logic-js, the format's reference
 * implementation: data, never code, so nothing is `eval`ed and the CSP holds. What a rule reads is a
 * scope built by `conditionScope` (derive.ts): each variable's plain value — a test field's result
 * ('Pass', 'Fail', 'n/a' or null), a checkbox's true/false, a calculated number — and `param`.
 */

/** The values a condition reads, by variable, plus `param` (the product type's parameters). */
export type ConditionScope = Readonly<Record<string, unknown>>

/** Whether `condition` holds over `scope`; a missing variable reads as null. */
export function conditionHolds(condition: Condition, scope: ConditionScope): boolean {
  return jsonLogic.truthy(jsonLogic.apply(condition as jsonLogic.RulesLogic, scope))
}

/** The comparisons of a condition (its and/or list, or the one comparison it is). */
export function comparisonsOf(condition: Condition): Comparison[] {
  if ('and' in condition && condition.and) return condition.and as Comparison[]
  if ('or' in condition && condition.or) return condition.or as Comparison[]
  return [condition as Comparison]
}

/** The variable one comparison reads. */
export function comparedVariable(comparison: Comparison): string | undefined {
  const operand = Object.values(comparison)[0] as unknown
  const ref = Array.isArray(operand) ? operand[0] : operand
  return ref && typeof ref === 'object' && 'var' in ref ? String((ref as { var: unknown }).var) : undefined
}

/** Every variable (and `param.key`) a condition reads. */
export function conditionVariables(condition: Condition): string[] {
  return comparisonsOf(condition)
    .map(comparedVariable)
    .filter((v): v is string => !!v)
}
