import type { ErrorObject } from 'ajv'

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
