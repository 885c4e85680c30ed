import jsep from 'jsep'

/**
 * Formulas of calculated controls (issue #14): text such as `abs(measured - nameplate) / nameplate * 100`,
 * parsed by jsep (a well-kept expression parser: it builds a syntax tree and runs nothing) and evaluated
 * here over that tree, so no `eval` and the CSP holds. Only arithmetic (+ - * / %), comparisons, the
 * functions below, numbers, variables and `param.key` are allowed; anything else is refused when the
 * layout is checked. Every failure is unset (null), never NaN: a missing input, a division by zero.
 */

/** A parsed formula: jsep's syntax tree. */
export type Formula = jsep.Expression

/** Functions a formula may call, with how many arguments they take. */
export const FORMULA_FUNCTIONS = {
  min: [1, Infinity],
  max: [1, Infinity],
  abs: [1, 1],
  round: [1, 2],
  if: [3, 3],
} as const satisfies Record<string, readonly [number, number]>

const BINARY = new Set(['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||'])
const UNARY = new Set(['-', '+', '!'])
const cache = new Map<string, Formula | Error>()

/** Parses a formula; a syntax the formula language does not have is an Error saying what and where. */
export function parseFormula(text: string): Formula | Error {
  const cached = cache.get(text)
  if (cached) return cached
  let parsed: Formula | Error
  try {
    parsed = jsep(text)
    const problem = unsupported(parsed)
    if (problem) parsed = new Error(problem)
  } catch (error) {
    parsed = new Error((error as Error).message)
  }
  if (cache.size > 5000) cache.clear()
  cache.set(text, parsed)
  return parsed
}

/** The first construct the formula language does not have, in words. */
function unsupported(node: Formula): string | undefined {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'number' ? undefined : `${String(node.raw)} is not a number`
    case 'Identifier':
      return undefined
    case 'MemberExpression':
      return nameOf(node) ? undefined : 'only param.name may use a dot'
    case 'BinaryExpression':
      return BINARY.has(node.operator as string)
        ? (unsupported(node.left as Formula) ?? unsupported(node.right as Formula))
        : `the operator ${String(node.operator)} is not allowed`
    case 'UnaryExpression':
      return UNARY.has(node.operator as string)
        ? unsupported(node.argument as Formula)
        : `the operator ${String(node.operator)} is not allowed`
    case 'CallExpression': {
      const name = (node.callee as Formula).type === 'Identifier' ? String((node.callee as Formula).name) : ''
      const arity = FORMULA_FUNCTIONS[name as keyof typeof FORMULA_FUNCTIONS]
      if (!arity)
        return `${name || 'this'} is not a function of formulas (${Object.keys(FORMULA_FUNCTIONS).join(', ')})`
      const args = node.arguments as Formula[]
      if (args.length < arity[0] || args.length > arity[1])
        return `${name} does not take ${args.length} values`
      for (const arg of args) {
        const problem = unsupported(arg)
        if (problem) return problem
      }
      return undefined
    }
    default:
      return `${node.type} is not allowed`
  }
}

/** `param.key` of a member expression, or undefined for any other dotted name. */
function nameOf(node: Formula): string | undefined {
  const object = node.object as Formula
  const property = node.property as Formula
  if (node.computed || object.type !== 'Identifier' || object.name !== 'param') return undefined
  return property.type === 'Identifier' ? `param.${String(property.name)}` : undefined
}

/** Every variable (and `param.key`) a formula reads. */
export function formulaVariables(formula: Formula): string[] {
  const out = new Set<string>()
  const visit = (node: Formula) => {
    if (node.type === 'Identifier') out.add(String(node.name))
    else if (node.type === 'MemberExpression') {
      const name = nameOf(node)
      if (name) out.add(name)
    } else if (node.type === 'CallExpression') (node.arguments as Formula[]).forEach(visit)
    else if (node.type === 'BinaryExpression') [node.left, node.right].forEach((n) => visit(n as Formula))
    else if (node.type === 'UnaryExpression') visit(node.argument as Formula)
  }
  visit(formula)
  return [...out]
}

/** A formula's numeric inputs by name (variables, and `param.key`); a missing one is null. */
export type FormulaScope = (name: string) => number | null

const finite = (n: number) => (Number.isFinite(n) ? n : null)

/** From 2^52 up every double is a whole number, so it has no digit after the point to round. */
const WHOLE_FROM = 2 ** 52

/**
 * Rounds half away from zero to `decimals` places without binary noise (1.005 → 1.01). A value too large
 * to hold a digit at that place is returned as it is (audit s9 F8): scaling it first would overflow to
 * ±Infinity (1e308 × 100) after the formula's own check that its result is finite.
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  const scaled = Math.abs(value) * factor
  if (!(scaled < WHOLE_FROM)) return value
  return Math.sign(value) * (Math.round(scaled + Number.EPSILON * factor) / factor)
}

/** The formula's value, or null when an input is missing or the arithmetic has no answer. */
export function evaluateFormula(formula: Formula, scope: FormulaScope): number | null {
  const value = (node: Formula): number | null => {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' ? node.value : null
      case 'Identifier':
        return scope(String(node.name))
      case 'MemberExpression': {
        const name = nameOf(node)
        return name ? scope(name) : null
      }
      case 'UnaryExpression': {
        const a = value(node.argument as Formula)
        if (a === null) return null
        return node.operator === '-' ? -a : node.operator === '!' ? Number(!a) : a
      }
      case 'BinaryExpression':
        return binary(String(node.operator), value(node.left as Formula), () => value(node.right as Formula))
      case 'CallExpression':
        return call(String((node.callee as Formula).name), node.arguments as Formula[], value)
      default:
        return null
    }
  }
  return value(formula)
}

function binary(operator: string, a: number | null, right: () => number | null): number | null {
  if (a === null) return null
  const b = right()
  if (b === null) return null
  switch (operator) {
    case '+':
      return finite(a + b)
    case '-':
      return finite(a - b)
    case '*':
      return finite(a * b)
    case '/':
      return b === 0 ? null : finite(a / b)
    case '%':
      return b === 0 ? null : finite(a % b)
    case '<':
      return Number(a < b)
    case '<=':
      return Number(a <= b)
    case '>':
      return Number(a > b)
    case '>=':
      return Number(a >= b)
    case '==':
      return Number(a === b)
    case '!=':
      return Number(a !== b)
    case '&&':
      return Number(!!a && !!b)
    case '||':
      return Number(!!a || !!b)
    default:
      return null
  }
}

function call(name: string, args: Formula[], value: (node: Formula) => number | null): number | null {
  if (name === 'if') {
    const condition = value(args[0])
    return condition === null ? null : value(condition ? args[1] : args[2])
  }
  const values = args.map(value)
  if (values.some((v) => v === null)) return null
  const numbers = values as number[]
  switch (name) {
    case 'min':
      return Math.min(...numbers)
    case 'max':
      return Math.max(...numbers)
    case 'abs':
      return Math.abs(numbers[0])
    case 'round':
      return roundTo(numbers[0], Math.max(0, Math.min(10, Math.trunc(numbers[1] ?? 0))))
    default:
      return null
  }
}
