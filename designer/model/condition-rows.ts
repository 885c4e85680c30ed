import {
  COMPARISON_OPERATORS,
  comparisonsOf,
  comparedVariable,
  decimalNumber,
  type Comparison,
  type Condition,
} from '../../schemas/form-layout'

/**
 * The condition builder's model (issue #14): a condition as rows of (variable, operator, value) joined by
 * all/any, and back. Pure, so the builder and its tests share it; the layout keeps the JSON Logic rule
 * (schemas/form-layout/condition-schema.ts), which every row set maps onto and back without loss.
 */

/** Operators as the builder offers them: the comparisons, then the presence checks. */
export const CONDITION_OPERATORS = [...COMPARISON_OPERATORS, '!!', '!'] as const
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

/** What each operator reads as in the builder. */
export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  '==': 'equals',
  '!=': 'does not equal',
  '>': 'is greater than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  '!!': 'has a value',
  '!': 'is empty',
}

/** One row of the builder; `value` is what the value box shows. */
export interface ConditionRow {
  variable: string
  operator: ConditionOperator
  value: string
}

/** A condition as the builder shows it. */
export interface ConditionRows {
  match: 'and' | 'or'
  rows: ConditionRow[]
}

/** Operators that compare with a value (the others need none). */
export const takesValue = (operator: ConditionOperator) => operator !== '!!' && operator !== '!'

/** The text the value box shows for a stored value. */
const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/** A typed value as the rule stores it: true/false, a number, or the text. */
export function storedValue(text: string): string | number | boolean | null {
  const trimmed = text.trim()
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true'
  // Decimal notation only, as conditions read numbers: '0x10' stays the text it was typed as.
  const number = decimalNumber(trimmed)
  if (number !== undefined) return number
  return text === '' ? null : text
}

function rowOf(comparison: Comparison): ConditionRow {
  const [operator, operand] = Object.entries(comparison)[0] as [ConditionOperator, unknown]
  return {
    variable: comparedVariable(comparison) ?? '',
    operator,
    value: Array.isArray(operand) ? shown(operand[1]) : '',
  }
}

/** The builder's rows of a stored condition (none when it is absent). */
export function rowsOfCondition(condition: Condition | undefined): ConditionRows {
  if (!condition) return { match: 'and', rows: [] }
  return { match: 'or' in condition ? 'or' : 'and', rows: comparisonsOf(condition).map(rowOf) }
}

function comparisonOf(row: ConditionRow): Comparison {
  const ref = { var: row.variable }
  return (
    takesValue(row.operator) ? { [row.operator]: [ref, storedValue(row.value)] } : { [row.operator]: ref }
  ) as Comparison
}

/**
 * The stored condition of the builder's rows: undefined without rows (the property is removed), the one
 * comparison for one row, else all/any of them. Rows without a variable are not stored yet.
 */
export function conditionOfRows({ match, rows }: ConditionRows): Condition | undefined {
  const complete = rows.filter((row) => row.variable !== '')
  if (complete.length === 0) return undefined
  if (complete.length === 1) return comparisonOf(complete[0]) as Condition
  return { [match]: complete.map(comparisonOf) } as Condition
}
