import type { FromSchema } from 'json-schema-to-ts'
import { decimalNumber } from '../form-layout/rule-values'
import { closedBody } from './closed-body'

/**
 * A product type's test parameters (issue #14.4): named values (a nameplate ratio, a loss limit, an
 * equipment class) that a record type's limits, conditions and calculations read as `param.key`, so one
 * record type serves many product types. A sub-type inherits its parent's parameters unless it sets the
 * same key itself.
 */

/** A parameter key: it is read as `param.key` in formulas, so it is an identifier. */
export const PARAMETER_KEY_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$'

/** Most parameters one product type may set: a grid, not a store. */
export const MAX_TEST_PARAMETERS = 200

/** Messages of the test parameter grid (not SPEC texts: the grid is issue #14's). */
export const PARAMETER_MESSAGES = {
  keyInvalid: 'A test parameter key starts with a letter or _ and holds only letters, digits and _.',
  valueRequired: (key: string) => `Test parameter ${key} needs a value.`,
  duplicateKey: (key: string) => `Test parameter ${key} is listed twice.`,
  tooMany: `A product type may set at most ${MAX_TEST_PARAMETERS} test parameters.`,
  /** A limit of the layout names a parameter the record's product type does not set. */
  missing: (key: string) => `Test parameter ${key} is not set for this product type.`,
} as const

/** One row of a product type's own 'Test parameters' grid. */
export const testParameterSchema = {
  type: 'object',
  required: ['key', 'value'],
  ...closedBody('test parameter', {
    key: {
      type: 'string',
      pattern: PARAMETER_KEY_PATTERN,
      maxLength: 64,
      title: 'Key',
      errorMessage: PARAMETER_MESSAGES.keyInvalid,
    },
    value: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', title: 'Value' },
    unit: { type: ['string', 'null'], maxLength: 20, title: 'Unit' },
  } as const),
} as const

export type TestParameter = FromSchema<typeof testParameterSchema>

/** Body of `PUT {meta}/api/assetmodels/{id}/TestParameters`: the product type's own rows, replaced. */
export const testParametersWriteSchema = {
  $id: 'TestParametersWrite',
  type: 'array',
  maxItems: MAX_TEST_PARAMETERS,
  items: testParameterSchema,
  errorMessage: { maxItems: PARAMETER_MESSAGES.tooMany },
} as const

/** A parameter as a product type resolves it: its own or inherited, with where it comes from. */
export const resolvedParameterSchema = {
  type: 'object',
  required: ['key', 'value', 'unit', 'fromId', 'fromName'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', title: 'Key' },
    value: { type: 'string', title: 'Value' },
    unit: { type: ['string', 'null'], title: 'Unit' },
    fromId: { type: 'integer', title: 'Set on', description: 'The product type that sets the value.' },
    fromName: { type: 'string', title: 'Set on' },
  },
} as const

export type ResolvedParameter = FromSchema<typeof resolvedParameterSchema>

/** Answer of `GET {meta}/api/assetmodels/{id}/TestParameters`. */
export const productTypeParametersSchema = {
  type: 'object',
  required: ['own', 'resolved'],
  additionalProperties: false,
  properties: {
    own: { type: 'array', items: testParameterSchema },
    resolved: { type: 'array', items: resolvedParameterSchema },
  },
} as const

export type ProductTypeParameters = FromSchema<typeof productTypeParametersSchema>

/** A product type's own rows, for resolution: the type, its name and what it sets. */
export interface ParameterLevel {
  id: number
  name: string
  parameters: readonly TestParameter[]
}

/**
 * The parameters of a product type from its own level and its ancestors' (nearest first): a key set on a
 * nearer level overrides the same key further up. Sorted by key so a record stores them in one order.
 */
export function resolveParameters(levels: readonly ParameterLevel[]): ResolvedParameter[] {
  const byKey = new Map<string, ResolvedParameter>()
  for (const level of levels)
    for (const p of level.parameters)
      if (!byKey.has(p.key))
        byKey.set(p.key, {
          key: p.key,
          value: p.value,
          unit: p.unit ?? null,
          fromId: level.id,
          fromName: level.name,
        })
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/**
 * What the rules read as `param`: each value as a number when it is written as one in decimal notation
 * ('1.5', '-2e3'), else its text (an equipment class 'I' is compared as text; '0x10' is text too, never
 * 16, audit s9 S4: the grid takes text, so such a value is kept, and a limit naming it stays unknown).
 */
export function parameterValues(
  parameters: readonly Pick<TestParameter, 'key' | 'value'>[],
): Record<string, number | string> {
  const out: Record<string, number | string> = {}
  for (const { key, value } of parameters) out[key] = decimalNumber(value) ?? value
  return out
}

/** The first key listed twice in a grid, if any (the schema cannot say it). */
export function duplicateParameterKey(parameters: readonly Pick<TestParameter, 'key'>[]): string | undefined {
  const seen = new Set<string>()
  for (const { key } of parameters) {
    if (seen.has(key)) return key
    seen.add(key)
  }
  return undefined
}
