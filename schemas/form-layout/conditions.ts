import jsonLogic from 'json-logic-js'
import type { Comparison, Condition } from './condition-schema'
import { numberOf } from './rule-values'

/**
 * Conditions (issue #14) are JSON Logic rules: data, never code, so nothing is `eval`ed and the CSP
 * holds. json-logic-js, the format's reference implementation, reads the variables; the comparisons and
 * the presence checks (`!!` 'has a value', `!` 'is empty') are ours, so that a text is read as a number in
 * decimal notation only, as formulas, limits and the judge read it (rule-values.ts, audit s9 S4), and a
 * measured 0 has a value (JSON Logic's truthiness reads 0 as empty). What a rule
 * reads is a scope of `conditionValue`s (derive.ts): each variable's plain value — a test field's
 * result ('Pass', 'Fail', 'n/a' or null), a checkbox's true/false, a calculated number — and `param`.
 */

/** The values a condition reads, by variable, plus `param` (the product type's parameters). */
export type ConditionScope = Readonly<Record<string, unknown>>

/** Whether `condition` holds over `scope`; a missing variable reads as null. */
export function conditionHolds(condition: Condition, scope: ConditionScope): boolean {
  return holds(condition as Rule, scope)
}

type Rule = Record<string, unknown>

/** An array or object as JavaScript's comparisons read it, by its text ([1, 2] is '1,2'); undefined is null. */
const primitive = (value: unknown): unknown =>
  value === undefined ? null : value !== null && typeof value === 'object' ? String(value) : value

/**
 * JSON Logic's `==` (JavaScript's loose equality) with one difference: where it reads a text as a number
 * (compared with a number or true/false), only decimal notation is one. So '0x10' == 16, '' == 0,
 * '' == false and '0b1' == true no longer hold; ' 12 ' == 12, '1e3' == 1000 and true == '1' still do.
 * null equals only null; two texts, two numbers or two booleans are equal only when identical.
 */
function equals(x: unknown, y: unknown): boolean {
  if (x === y) return true
  if (x === null || x === undefined || y === null || y === undefined) return (x ?? null) === (y ?? null)
  // Two arrays or objects are equal only when they are the same one, as in JavaScript.
  if (typeof x === 'object' && typeof y === 'object') return false
  const [a, b] = [primitive(x), primitive(y)]
  if (typeof a === typeof b) return a === b
  const n = numberOf(a)
  return n !== null && n === numberOf(b)
}

/**
 * JSON Logic's `>`, `>=`, `<`, `<=` with numbers read in decimal notation only. Two texts still compare
 * as text, as JavaScript does (ISO dates in time order; '10' < '9'). Otherwise both sides must be
 * numbers: a number, a decimal text (' 12 ', '-0.5', '1e3') or true/false as 1/0. Anything else — '0x10',
 * '0b11', '', 'Infinity', empty (null) — is no number, so the comparison does not hold (JavaScript read
 * '0x10' as 16, and '' and null as 0, so an empty value was below every positive number).
 */
function ordered(x: unknown, y: unknown, test: (a: number | string, b: number | string) => boolean): boolean {
  const [a, b] = [primitive(x), primitive(y)]
  if (typeof a === 'string' && typeof b === 'string') return test(a, b)
  const [m, n] = [numberOf(a), numberOf(b)]
  return m !== null && n !== null && test(m, n)
}

/** The comparisons a condition may make (condition-schema.ts), each reading numbers as above. */
const COMPARISONS = new Map<string, (a: unknown, b: unknown) => boolean>([
  ['==', equals],
  ['!=', (a, b) => !equals(a, b)],
  ['>', (a, b) => ordered(a, b, (m, n) => m > n)],
  ['>=', (a, b) => ordered(a, b, (m, n) => m >= n)],
  ['<', (a, b) => ordered(a, b, (m, n) => m < n)],
  ['<=', (a, b) => ordered(a, b, (m, n) => m <= n)],
])

/**
 * What 'has a value' (`!!`) reads as empty: nothing (null), an empty text, an empty list, or an unticked
 * checkbox (false, a checkbox's fresh value). A number, 0 included, is a value: JSON Logic's truthiness
 * read a measured 0 as empty, so 'Reading has a value' did not hold for a reading of 0.
 */
const isEmptyForCondition = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0)

/** The operand of a presence check: `{"!!": {"var": "x"}}` or, as JSON Logic also writes it, `[{"var": "x"}]`. */
const presenceOperand = (operand: unknown) =>
  Array.isArray(operand) && operand.length === 1 ? operand[0] : operand

/** A rule of the condition schema's shape; anything else (refused by the layout check) is JSON Logic's. */
function holds(rule: Rule, scope: ConditionScope): boolean {
  const [operator, operand] = Object.entries(rule)[0] ?? []
  if ((operator === 'and' || operator === 'or') && Array.isArray(operand))
    // As JSON Logic: an empty list holds neither way (the schema asks for one comparison at least).
    return operand.length > 0 && operand[operator === 'and' ? 'every' : 'some']((r: Rule) => holds(r, scope))
  if (operator === '!!' || operator === '!') {
    const value = jsonLogic.apply(presenceOperand(operand) as jsonLogic.RulesLogic, scope) as unknown
    return isEmptyForCondition(value) === (operator === '!')
  }
  const compare = operator === undefined ? undefined : COMPARISONS.get(operator)
  if (compare && Array.isArray(operand) && operand.length === 2) {
    const [a, b] = operand.map((o: unknown) => jsonLogic.apply(o as jsonLogic.RulesLogic, scope) as unknown)
    return compare(a, b)
  }
  return jsonLogic.truthy(jsonLogic.apply(rule as jsonLogic.RulesLogic, scope))
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
