import type { ErrorObject } from 'ajv'
import type { KeywordCheck, KeywordContext, Schema } from './keywords'
import { simpleKeyword } from './simple-keywords'

/**
 * The interpreter's keywords that apply sub-schemas (properties, propertyNames, items, the combinators,
 * if/then/else), with ajv's paths, error order and error resets. `sub` compiles a sub-schema at a schema
 * path.
 */

/** A compiled schema: validates `data`, pushing ajv-shaped errors; true when it added none. */
export type Node = (data: unknown, instancePath: string, errors: ErrorObject[]) => boolean

/** Compiles a sub-schema found at `schemaPath`. */
export type SubCompiler = (schema: unknown, schemaPath: string) => Node

/** ajv skips a sub-schema that cannot fail: `true`, or one without any keyword. */
export const alwaysValid = (schema: unknown): boolean =>
  schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0)

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
const escapeFragment = (key: string) => encodeURIComponent(escapePointer(key))

/**
 * Builds one applicator's check: `here` is the keyword's schema path, `schemaPath` that of `s`;
 * undefined when it checks nothing.
 */
type Applicator = (s: Schema, here: string, schemaPath: string, sub: SubCompiler) => KeywordCheck | undefined

const properties: Applicator = (s, here, _schemaPath, sub) => {
  const props = Object.entries(s.properties as Record<string, unknown>).map(
    ([key, value]) => [key, `/${escapePointer(key)}`, sub(value, `${here}/${escapeFragment(key)}`)] as const,
  )
  return (c) => {
    const data = c.data as Record<string, unknown>
    for (const [key, pointer, node] of props)
      if (data[key] !== undefined) node(data[key], c.instancePath + pointer, c.errors)
  }
}

const additionalProperties: Applicator = (s, here, _schemaPath, sub) => {
  const known = new Set(Object.keys((s.properties as object | undefined) ?? {}))
  if (s.patternProperties !== undefined) throw new Error('patternProperties is not supported')
  const extra = s.additionalProperties
  if (extra === true || (typeof extra === 'object' && extra && Object.keys(extra).length === 0))
    return undefined
  const node = extra === false ? undefined : sub(extra, here)
  return (c) => {
    for (const key in c.data as object) {
      if (known.has(key)) continue
      if (!node) c.fail({ additionalProperty: key }, 'must NOT have additional properties')
      else node((c.data as Record<string, unknown>)[key], `${c.instancePath}/${escapePointer(key)}`, c.errors)
    }
  }
}

/**
 * Each key of the object validated as a string against the sub-schema, as ajv does: at the object's
 * instance path, each error marked with the `propertyName`, then one 'propertyNames' error per bad key.
 * The sub-schema's `errorMessage` sees that key as its data, so `${0}` names it (closed-body.ts).
 */
const propertyNames: Applicator = (s, here, _schemaPath, sub) => {
  if (alwaysValid(s.propertyNames)) return undefined
  const node = sub(s.propertyNames, here)
  return (c) => {
    for (const propertyName in c.data as object) {
      // A list of its own, so only this key's errors get its mark. ajv runs the sub-schema on the shared
      // list, but an `errorMessage` there takes only errors from under the sub-schema, and an earlier key's
      // are gone by then (its own message took them) or of a keyword the message does not name.
      const found: ErrorObject[] = []
      if (node(propertyName, c.instancePath, found)) continue
      markPropertyName(found, propertyName)
      c.errors.push(...found)
      c.fail({ propertyName }, 'property name must be valid')
    }
  }
}

/**
 * ajv marks every error made under `propertyNames`, those an `errorMessage` took into its
 * `params.errors` too; here they are marked once the key's sub-schema has run.
 */
function markPropertyName(errors: ErrorObject[], propertyName: string): void {
  for (const error of errors) {
    error.propertyName = propertyName
    if (error.keyword === 'errorMessage') markPropertyName(error.params.errors as ErrorObject[], propertyName)
  }
}

const items: Applicator = (s, here, _schemaPath, sub) => {
  if (Array.isArray(s.items)) throw new Error('tuple `items` is not supported by the interpreting validator')
  if (alwaysValid(s.items)) return undefined
  const node = sub(s.items, here)
  return (c) => {
    const data = c.data as unknown[]
    for (let i = 0; i < data.length; i++) node(data[i], `${c.instancePath}/${i}`, c.errors)
  }
}

const allOf: Applicator = (s, here, _schemaPath, sub) => {
  const nodes = (s.allOf as unknown[]).map((v, i) => sub(v, `${here}/${i}`))
  return (c) => nodes.forEach((node) => node(c.data, c.instancePath, c.errors))
}

const anyOf: Applicator = (s, here, _schemaPath, sub) => {
  if ((s.anyOf as unknown[]).some(alwaysValid)) return undefined
  return alternatives(
    'anyOf',
    (s.anyOf as unknown[]).map((v, i) => sub(v, `${here}/${i}`)),
  )
}

const oneOf: Applicator = (s, here, _schemaPath, sub) =>
  alternatives(
    'oneOf',
    (s.oneOf as unknown[]).map((v, i) => sub(v, `${here}/${i}`)),
  )

const not: Applicator = (s, here, _schemaPath, sub) => {
  const node = sub(s.not, here)
  return (c) => {
    if (node(c.data, c.instancePath, [])) c.fail({}, 'must NOT be valid')
  }
}

const ifThenElse: Applicator = (s, here, schemaPath, sub) => {
  const test = sub(s.if, here)
  const then = s.then === undefined || alwaysValid(s.then) ? undefined : sub(s.then, `${schemaPath}/then`)
  const otherwise =
    s.else === undefined || alwaysValid(s.else) ? undefined : sub(s.else, `${schemaPath}/else`)
  if (!then && !otherwise) return undefined
  return (c) => {
    const passed = test(c.data, c.instancePath, [])
    const branch = passed ? then : otherwise
    if (branch && !branch(c.data, c.instancePath, c.errors))
      c.fail({ failingKeyword: passed ? 'then' : 'else' }, `must match "${passed ? 'then' : 'else'}" schema`)
  }
}

// A Map, not an object literal: a keyword such as 'constructor' must not find Object.prototype's.
const APPLICATORS = new Map<string, Applicator>([
  ['properties', properties],
  ['propertyNames', propertyNames],
  ['additionalProperties', additionalProperties],
  ['items', items],
  ['allOf', allOf],
  ['anyOf', anyOf],
  ['oneOf', oneOf],
  ['not', not],
  ['if', ifThenElse],
])

/** One keyword of `s` at `schemaPath`; undefined when it checks nothing (e.g. an unknown format). */
export function keywordCheck(
  keyword: string,
  s: Schema,
  schemaPath: string,
  options: { formats: boolean },
  sub: SubCompiler,
): KeywordCheck | undefined {
  const applicator = APPLICATORS.get(keyword)
  return applicator
    ? applicator(s, `${schemaPath}/${keyword}`, schemaPath, sub)
    : simpleKeyword(keyword, s, options)
}

/** anyOf/oneOf: every branch's errors stay when none (or, for oneOf, more than one) passes. */
function alternatives(keyword: 'anyOf' | 'oneOf', nodes: Node[]): KeywordCheck {
  return (c: KeywordContext) => {
    const before = c.errors.length
    const passing: number[] = []
    for (let i = 0; i < nodes.length; i++) {
      // anyOf stops at the first passing branch (ajv does too, with allErrors on).
      if (keyword === 'anyOf' && passing.length) break
      if (nodes[i](c.data, c.instancePath, c.errors)) passing.push(i)
    }
    if (keyword === 'anyOf') {
      if (passing.length) c.errors.length = before
      else c.fail({}, 'must match a schema in anyOf')
      return
    }
    // ajv's bookkeeping, quirks included: a third passing branch makes oneOf valid again.
    let valid = false
    let passingSchemas: number | number[] | null = null
    for (const i of passing) {
      if (valid) {
        valid = false
        passingSchemas = [passingSchemas as number, i]
      } else {
        valid = true
        passingSchemas = i
      }
    }
    if (valid) c.errors.length = before
    else c.fail({ passingSchemas }, 'must match exactly one schema in oneOf')
  }
}
