import type { ErrorObject } from 'ajv'
import { applyErrorMessage, checkErrorMessage } from './error-message'
import { isType, simpleKeyword, type KeywordCheck, type KeywordContext, type Schema } from './keywords'

/**
 * A JSON Schema validator that needs no `eval`: the schema is turned into a tree of closures once,
 * and each call walks it. It exists for the Content-Security-Policy without 'unsafe-eval'
 * (docs/security.md): schemas known at build time are precompiled by ajv (schemas/validation), but
 * the record form's field schemas come from layouts authored at run time, and several rjsf forms
 * assemble their schema from data (the inspector, owner and survey/repair screens).
 *
 * It mirrors ajv 8 with `allErrors` and ajv-errors for the draft-07 keywords those schemas use: the
 * same errors in the same order (keyword groups in ajv's RULES order, type errors where ajv puts
 * them), so every message, including the SPEC texts, is what the server's ajv says. A keyword it does
 * not implement throws when the schema is compiled rather than being skipped.
 */

/** What `compileSchema` returns: ajv's ValidateFunction shape (a boolean, errors on the function). */
export interface InterpretedValidator {
  (data: unknown): boolean
  errors: ErrorObject[] | null
  schema: object
}

/** Interpreter options, matching the ajv instance the schema was written for. */
export interface InterpretOptions {
  /** Enforce `format` (ajv-formats' full formats); without ajv-formats ajv ignores it. */
  formats?: boolean
  /** Add `schema`, `parentSchema` and `data` to errors, as ajv's `verbose` (rjsf reads titles from them). */
  verbose?: boolean
}

type Node = (data: unknown, instancePath: string, errors: ErrorObject[]) => boolean

/** ajv's keyword order (ajv.RULES): untyped, number, string, array, object; then errorMessage. */
const GROUPS: { type?: string; keywords: string[] }[] = [
  { keywords: ['const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'] },
  { type: 'number', keywords: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'] },
  { type: 'string', keywords: ['maxLength', 'minLength', 'pattern', 'format'] },
  { type: 'array', keywords: ['maxItems', 'minItems', 'items', 'uniqueItems'] },
  {
    type: 'object',
    keywords: ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties'],
  },
]
/**
 * Validation keywords ajv knows that the interpreter does not implement: a schema using one fails to
 * compile here instead of validating less than the server does. Other unknown keys are ignored, as
 * ajv with `strict: false` ignores them.
 */
const UNSUPPORTED = new Set([
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'discriminator',
  'contains',
  'minContains',
  'maxContains',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'formatMaximum',
  'formatMinimum',
  'formatExclusiveMaximum',
  'formatExclusiveMinimum',
])

/** ajv skips a sub-schema that cannot fail: `true`, or one without any keyword. */
const alwaysValid = (schema: unknown): boolean =>
  schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0)

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
const escapeFragment = (key: string) => encodeURIComponent(escapePointer(key))

/** Compiles `schema` to a reusable validator (compile once, call per value). */
export function compileSchema(
  schema: object | boolean,
  options: InterpretOptions = {},
): InterpretedValidator {
  const root = compileNode(schema, '#', {
    formats: options.formats ?? false,
    verbose: options.verbose ?? false,
  })
  const validate = ((data: unknown) => {
    const errors: ErrorObject[] = []
    const valid = root(data, '', errors)
    validate.errors = valid ? null : errors
    return valid
  }) as InterpretedValidator
  validate.errors = null
  validate.schema = schema as object
  return validate
}

function compileNode(schema: unknown, schemaPath: string, options: Required<InterpretOptions>): Node {
  if (schema === true) return () => true
  if (schema === false)
    return (data, instancePath, errors) => {
      errors.push({
        instancePath,
        schemaPath,
        keyword: 'false schema',
        params: {},
        message: 'boolean schema is false',
      })
      return false
    }
  const s = schema as Schema
  for (const key of Object.keys(s))
    if (UNSUPPORTED.has(key))
      throw new Error(`JSON Schema keyword "${key}" is not supported by the interpreting validator`)

  const types = s.type === undefined ? [] : ([s.type].flat() as string[])
  const groups = GROUPS.map((g) => ({
    type: g.type,
    checks: g.keywords
      .filter((k) => s[k] !== undefined)
      .map((k) => [k, keywordCheck(k, s, schemaPath, options)] as const)
      .filter((entry): entry is readonly [string, KeywordCheck] => entry[1] !== undefined),
  })).filter((g) => g.checks.length > 0)
  // ajv checks the type up front unless exactly one type is named and keywords of that type exist:
  // then the type error comes in that type's group (after the untyped keywords).
  const typeInGroup = types.length === 1 && groups.some((g) => g.type === types[0])
  const typeUpFront = types.length > 0 && !typeInGroup
  const errorMessage = s.errorMessage
  if (errorMessage !== undefined) checkErrorMessage(errorMessage)

  const error = (
    keyword: string,
    instancePath: string,
    data: unknown,
    params: Record<string, unknown>,
    message: string,
    keywordSchemaPath = `${schemaPath}/${keyword}`,
  ): ErrorObject => ({
    instancePath,
    schemaPath: keywordSchemaPath,
    keyword,
    params,
    message,
    ...(options.verbose ? { schema: s[keyword], parentSchema: s, data } : {}),
  })
  const typeError = (data: unknown, instancePath: string) =>
    error('type', instancePath, data, { type: s.type }, `must be ${String(s.type)}`)

  return (data, instancePath, errors) => {
    const before = errors.length
    if (typeUpFront && !types.some((t) => isType(t, data))) errors.push(typeError(data, instancePath))
    for (const group of groups) {
      if (group.type && !isType(group.type, data)) {
        if (typeInGroup && types[0] === group.type) errors.push(typeError(data, instancePath))
        continue
      }
      for (const [keyword, check] of group.checks) {
        check({
          data,
          instancePath,
          errors,
          fail: (params, message) => errors.push(error(keyword, instancePath, data, params, message)),
        })
      }
    }
    if (errorMessage !== undefined)
      applyErrorMessage(errorMessage, {
        errors,
        instancePath,
        schemaPath,
        data,
        report(message, params) {
          const e = error('errorMessage', instancePath, data, params, message)
          errors.push(e)
          return e
        },
      })
    return errors.length === before
  }
}

/** One keyword of `s` at `schemaPath`; undefined when it checks nothing (e.g. an unknown format). */
function keywordCheck(
  keyword: string,
  s: Schema,
  schemaPath: string,
  options: Required<InterpretOptions>,
): KeywordCheck | undefined {
  const sub = (value: unknown, path: string) => compileNode(value, path, options)
  const here = `${schemaPath}/${keyword}`
  switch (keyword) {
    case 'properties': {
      const props = Object.entries(s.properties as Record<string, unknown>).map(
        ([key, value]) =>
          [key, `/${escapePointer(key)}`, sub(value, `${here}/${escapeFragment(key)}`)] as const,
      )
      return (c) => {
        const data = c.data as Record<string, unknown>
        for (const [key, pointer, node] of props)
          if (data[key] !== undefined) node(data[key], c.instancePath + pointer, c.errors)
      }
    }
    case 'additionalProperties': {
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
          else
            node(
              (c.data as Record<string, unknown>)[key],
              `${c.instancePath}/${escapePointer(key)}`,
              c.errors,
            )
        }
      }
    }
    case 'items': {
      if (Array.isArray(s.items))
        throw new Error('tuple `items` is not supported by the interpreting validator')
      if (alwaysValid(s.items)) return undefined
      const node = sub(s.items, here)
      return (c) => {
        const data = c.data as unknown[]
        for (let i = 0; i < data.length; i++) node(data[i], `${c.instancePath}/${i}`, c.errors)
      }
    }
    case 'allOf': {
      const nodes = (s.allOf as unknown[]).map((v, i) => sub(v, `${here}/${i}`))
      return (c) => nodes.forEach((node) => node(c.data, c.instancePath, c.errors))
    }
    case 'anyOf':
      if ((s.anyOf as unknown[]).some(alwaysValid)) return undefined
      return alternatives(
        keyword,
        (s[keyword] as unknown[]).map((v, i) => sub(v, `${here}/${i}`)),
      )
    case 'oneOf':
      return alternatives(
        keyword,
        (s[keyword] as unknown[]).map((v, i) => sub(v, `${here}/${i}`)),
      )
    case 'not': {
      const node = sub(s.not, here)
      return (c) => {
        if (node(c.data, c.instancePath, [])) c.fail({}, 'must NOT be valid')
      }
    }
    case 'if': {
      const test = sub(s.if, here)
      const then = s.then === undefined || alwaysValid(s.then) ? undefined : sub(s.then, `${schemaPath}/then`)
      const otherwise =
        s.else === undefined || alwaysValid(s.else) ? undefined : sub(s.else, `${schemaPath}/else`)
      if (!then && !otherwise) return undefined
      return (c) => {
        const passed = test(c.data, c.instancePath, [])
        const branch = passed ? then : otherwise
        if (branch && !branch(c.data, c.instancePath, c.errors))
          c.fail(
            { failingKeyword: passed ? 'then' : 'else' },
            `must match "${passed ? 'then' : 'else'}" schema`,
          )
      }
    }
    default:
      return simpleKeyword(keyword, s, options)
  }
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
