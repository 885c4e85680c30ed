import type { FromSchema } from 'json-schema-to-ts'

/**
 * The JSON Schema of a control's `visibleIf` / `requiredIf` (issue #14): a JSON Logic rule (jsonlogic.com),
 * kept to what the designer's condition builder writes and reads back — one comparison, or all/any of
 * several, each comparing a variable (or a product type parameter, `param.key`) with a value, or asking
 * whether it holds one. So everything the JSON view accepts, the builder can show; the layout schema
 * lists every operator, which is also what gives the JSON view its completion.
 */

/** `{"var": "name"}`: a variable of the layout, or `param.key` of the product type. */
const varRef = {
  type: 'object',
  required: ['var'],
  additionalProperties: false,
  properties: { var: { type: 'string', minLength: 1, description: 'Variable (or param.key) compared.' } },
} as const

const literal = {
  type: ['string', 'number', 'boolean', 'null'],
  description: 'Value compared with.',
} as const

/**
 * `[{"var": …}, value]`. Written without a tuple keyword, which the eval-free validator of the browser
 * does not read; that the first entry is the variable is checked with the layout's rules (rule-issues.ts).
 */
const pair = { type: 'array', items: { anyOf: [varRef, literal] }, minItems: 2, maxItems: 2 } as const

/** The comparison operators, in the builder's order. */
export const COMPARISON_OPERATORS = ['==', '!=', '>', '>=', '<', '<='] as const
/** Whether the variable holds a value: `!!` (has a value) and `!` (is empty). */
export const PRESENCE_OPERATORS = ['!!', '!'] as const

const comparisonProperties = {
  '==': { ...pair, description: 'equals' },
  '!=': { ...pair, description: 'does not equal' },
  '>': { ...pair, description: 'is greater than' },
  '>=': { ...pair, description: 'is at least' },
  '<': { ...pair, description: 'is less than' },
  '<=': { ...pair, description: 'is at most' },
  '!!': { ...varRef, description: 'has a value' },
  '!': { ...varRef, description: 'is empty' },
} as const

/** One comparison of a variable. */
export const comparisonSchema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
  properties: comparisonProperties,
} as const

/** A condition: one comparison, or all (`and`) / any (`or`) of several. */
export const conditionSchema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
  properties: {
    and: { type: 'array', minItems: 1, items: comparisonSchema, description: 'All of these hold.' },
    or: { type: 'array', minItems: 1, items: comparisonSchema, description: 'Any of these holds.' },
    ...comparisonProperties,
  },
} as const

export type Comparison = FromSchema<typeof comparisonSchema>
export type Condition = FromSchema<typeof conditionSchema>
