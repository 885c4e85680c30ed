import type { ErrorObject } from 'ajv'
import { applyErrorMessage, checkErrorMessage } from './error-message'
import { keywordCheck, type Node, type SubCompiler } from './applicators'
import { isType, type KeywordCheck, type Schema } from './keywords'

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

/** ajv's keyword order (ajv.RULES): untyped, number, string, array, object; then errorMessage. */
const GROUPS: { type?: string; keywords: string[] }[] = [
  { keywords: ['const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'] },
  { type: 'number', keywords: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'] },
  { type: 'string', keywords: ['maxLength', 'minLength', 'pattern', 'format'] },
  { type: 'array', keywords: ['maxItems', 'minItems', 'items', 'uniqueItems'] },
  {
    type: 'object',
    keywords: [
      'maxProperties',
      'minProperties',
      'required',
      'propertyNames',
      'additionalProperties',
      'properties',
    ],
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
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'formatMaximum',
  'formatMinimum',
  'formatExclusiveMaximum',
  'formatExclusiveMinimum',
])

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

/**
 * The `false` schema: every value fails with ajv's 'false schema' error, which ajv reports as a keyword
 * of that name under the schema's path (the false schema is its own schema and parent schema).
 */
function falseNode(schemaPath: string, verbose: boolean): Node {
  return (data, instancePath, errors) => {
    errors.push({
      instancePath,
      schemaPath: `${schemaPath}/false schema`,
      keyword: 'false schema',
      params: {},
      message: 'boolean schema is false',
      // ajv's types say a parent schema is an object; for the false schema ajv sets `false` all the same.
      ...(verbose ? ({ schema: false, parentSchema: false, data } as unknown as Partial<ErrorObject>) : {}),
    })
    return false
  }
}

/** A compiled keyword group: its checks run only on data of its `type` (all data when untyped). */
interface CompiledGroup {
  type?: string
  checks: (readonly [string, KeywordCheck])[]
}

/** The keyword checks of `s` in ajv's RULES order, leaving out groups with nothing to check. */
function compileGroups(
  s: Schema,
  schemaPath: string,
  options: Required<InterpretOptions>,
  sub: SubCompiler,
): CompiledGroup[] {
  return GROUPS.map((g) => ({
    type: g.type,
    checks: g.keywords
      .filter((k) => s[k] !== undefined)
      .map((k) => [k, keywordCheck(k, s, schemaPath, options, sub)] as const)
      .filter((entry): entry is readonly [string, KeywordCheck] => entry[1] !== undefined),
  })).filter((g) => g.checks.length > 0)
}

/** Makes the ajv-shaped errors of `s`'s keywords (with schema, parentSchema and data when verbose). */
function errorMaker(s: Schema, schemaPath: string, verbose: boolean) {
  return (
    keyword: string,
    instancePath: string,
    data: unknown,
    params: Record<string, unknown>,
    message: string | undefined,
    keywordSchemaPath = `${schemaPath}/${keyword}`,
  ): ErrorObject => ({
    instancePath,
    schemaPath: keywordSchemaPath,
    keyword,
    params,
    message,
    ...(verbose ? { schema: s[keyword], parentSchema: s, data } : {}),
  })
}

function compileNode(schema: unknown, schemaPath: string, options: Required<InterpretOptions>): Node {
  if (schema === true) return () => true
  if (schema === false) return falseNode(schemaPath, options.verbose)
  const s = schema as Schema
  for (const key of Object.keys(s))
    if (UNSUPPORTED.has(key))
      throw new Error(`JSON Schema keyword "${key}" is not supported by the interpreting validator`)

  const sub = (value: unknown, path: string) => compileNode(value, path, options)
  const types = s.type === undefined ? [] : ([s.type].flat() as string[])
  const groups = compileGroups(s, schemaPath, options, sub)
  // ajv checks the type up front unless exactly one type is named and keywords of that type exist:
  // then the type error comes in that type's group (after the untyped keywords).
  const typeInGroup = types.length === 1 && groups.some((g) => g.type === types[0])
  const typeUpFront = types.length > 0 && !typeInGroup
  const errorMessage = s.errorMessage
  if (errorMessage !== undefined) checkErrorMessage(errorMessage)

  const error = errorMaker(s, schemaPath, options.verbose)
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
