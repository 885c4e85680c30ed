import type { ErrorObject } from 'ajv'
import { fullFormats } from 'ajv-formats/dist/formats'

/**
 * The JSON Schema keywords the interpreting validator knows, each as ajv 8 reports it: the same
 * `keyword`, `params` and `message`, so code written against ajv's errors (ajv-errors' `errorMessage`,
 * rjsf's error transformer, `errorPath`) cannot tell the two apart. Tested against ajv itself in
 * interpret-schema.test.ts.
 */

/** A schema object as the interpreter reads it. */
export type Schema = { readonly [keyword: string]: unknown }

/** Where a keyword runs, and what it needs to report. */
export interface KeywordContext {
  data: unknown
  instancePath: string
  errors: ErrorObject[]
  /** Adds one error of this keyword at the current value. */
  fail(params: Record<string, unknown>, message: string): void
}

/** A compiled keyword check; errors go through `cxt.fail` (or into `cxt.errors` for sub-schemas). */
export type KeywordCheck = (cxt: KeywordContext) => void

/** Characters as ajv counts them for min/maxLength: code points, a surrogate pair is one. */
export function ucs2length(text: string): number {
  let length = 0
  for (let pos = 0; pos < text.length; length++) {
    const code = text.charCodeAt(pos++)
    if (code >= 0xd800 && code <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00)
      pos++
  }
  return length
}

/** Structural equality as ajv's `equal` (fast-deep-equal) for JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false
    if (Array.isArray(a)) {
      const other = b as unknown[]
      return a.length === other.length && a.every((v, i) => deepEqual(v, other[i]))
    }
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    const bo = b as Record<string, unknown>
    return (
      ka.length === kb.length &&
      ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], bo[k]))
    )
  }
  // NaN equals NaN for fast-deep-equal.
  return a !== a && b !== b
}

/** ajv's type test for one JSON type name (strictNumbers off, as with `strict: false`). */
export function isType(type: string, data: unknown): boolean {
  switch (type) {
    case 'null':
      return data === null
    case 'boolean':
    case 'string':
    case 'number':
      return typeof data === type
    case 'integer':
      return typeof data === 'number' && !(data % 1) && !Number.isNaN(data)
    case 'array':
      return Array.isArray(data)
    case 'object':
      return !!data && typeof data === 'object' && !Array.isArray(data)
    default:
      return false
  }
}

type Format = RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) }
const FORMATS = fullFormats as unknown as Record<string, Format | undefined>

function formatCheck(name: string): ((value: string) => boolean) | undefined {
  const format = FORMATS[name]
  if (!format) return undefined
  const test = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format
  return test instanceof RegExp ? (v) => test.test(v) : test
}

const LIMITS = {
  maximum: '<=',
  minimum: '>=',
  exclusiveMaximum: '<',
  exclusiveMinimum: '>',
} as const

/**
 * The checks of keywords that look at one value only (no sub-schemas), by keyword. `formats` says
 * whether `format` is enforced: an ajv without ajv-formats ignores unknown formats (strict off).
 */
export function simpleKeyword(
  keyword: string,
  schema: Schema,
  options: { formats: boolean },
): KeywordCheck | undefined {
  const value = schema[keyword]
  switch (keyword) {
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum': {
      const limit = value as number
      const comparison = LIMITS[keyword]
      const ok = {
        '<=': (d: number) => d <= limit,
        '>=': (d: number) => d >= limit,
        '<': (d: number) => d < limit,
        '>': (d: number) => d > limit,
      }[comparison]
      return (c) => {
        if (!ok(c.data as number)) c.fail({ comparison, limit }, `must be ${comparison} ${limit}`)
      }
    }
    case 'multipleOf': {
      const multipleOf = value as number
      return (c) => {
        if (((c.data as number) / multipleOf) % 1 !== 0)
          c.fail({ multipleOf }, `must be multiple of ${multipleOf}`)
      }
    }
    case 'maxLength':
    case 'minLength': {
      const limit = value as number
      const more = keyword === 'maxLength'
      return (c) => {
        const length = ucs2length(c.data as string)
        if (more ? length > limit : length < limit)
          c.fail({ limit }, `must NOT have ${more ? 'more' : 'fewer'} than ${limit} characters`)
      }
    }
    case 'pattern': {
      const pattern = value as string
      const re = new RegExp(pattern, 'u')
      return (c) => {
        if (!re.test(c.data as string)) c.fail({ pattern }, `must match pattern "${pattern}"`)
      }
    }
    case 'format': {
      const format = value as string
      const test = options.formats ? formatCheck(format) : undefined
      if (!test) return undefined
      return (c) => {
        if (!test(c.data as string)) c.fail({ format }, `must match format "${format}"`)
      }
    }
    case 'maxItems':
    case 'minItems':
    case 'maxProperties':
    case 'minProperties': {
      const limit = value as number
      const more = keyword.startsWith('max')
      const what = keyword.endsWith('Items') ? 'items' : 'properties'
      return (c) => {
        const size = Array.isArray(c.data) ? c.data.length : Object.keys(c.data as object).length
        if (more ? size > limit : size < limit)
          c.fail({ limit }, `must NOT have ${more ? 'more' : 'fewer'} than ${limit} ${what}`)
      }
    }
    case 'uniqueItems':
      return value === true ? uniqueItems(schema) : undefined
    case 'required': {
      const required = value as string[]
      return (c) => {
        const data = c.data as Record<string, unknown>
        for (const missingProperty of required)
          if (data[missingProperty] === undefined)
            c.fail({ missingProperty }, `must have required property '${missingProperty}'`)
      }
    }
    case 'const':
      return (c) => {
        if (!deepEqual(c.data, value)) c.fail({ allowedValue: value }, 'must be equal to constant')
      }
    case 'enum': {
      const allowedValues = value as unknown[]
      return (c) => {
        if (!allowedValues.some((v) => deepEqual(c.data, v)))
          c.fail({ allowedValues }, 'must be equal to one of the allowed values')
      }
    }
    default:
      return undefined
  }
}

/**
 * ajv's two duplicate searches, which name different pairs: a map of scalar items when `items`
 * declares only scalar types, otherwise pairwise deep equality; both walk from the end.
 */
function uniqueItems(schema: Schema): KeywordCheck {
  const items = schema.items as Schema | undefined
  const itemTypes = items && !Array.isArray(items) && items.type !== undefined ? [items.type].flat() : []
  const scalar = itemTypes.length > 0 && !itemTypes.some((t) => t === 'object' || t === 'array')
  const report = (c: KeywordContext, i: number, j: number) =>
    c.fail({ i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`)
  return (c) => {
    const data = c.data as unknown[]
    let i = data.length
    if (i <= 1) return
    if (scalar) {
      const indices = new Map<unknown, number>()
      while (i--) {
        let item = data[i]
        if (!itemTypes.some((t) => isType(t as string, item))) continue
        if (itemTypes.length > 1 && typeof item === 'string') item += '_'
        const j = indices.get(item)
        if (j !== undefined) return report(c, i, j)
        indices.set(item, i)
      }
      return
    }
    while (i--) for (let j = i; j--;) if (deepEqual(data[i], data[j])) return report(c, i, j)
  }
}
