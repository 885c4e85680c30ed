import type { ErrorObject } from 'ajv'
import {
  STATIC_SCHEMAS,
  withoutSchemaId,
  type StaticSchemaName,
} from '../../schemas/validation/static-schemas'
import { staticValidators } from '../../schemas/validation/static-validators'
import { compileSchema, type InterpretOptions } from './interpret-schema'

/** A validator as ajv's: true or false, and the errors of the last call on the function. */
export interface SchemaValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}

/**
 * The browser's one way to get a validator without `eval`: a schema precompiled at build time when
 * its content is one of `STATIC_SCHEMAS` (ignoring `$id`), otherwise the interpreter. Both give
 * ajv's errors with ajv-errors' messages; the precompiled ones are verbose (rjsf reads titles).
 */

/** Same content, same key: object keys sorted, the root's `$id` left out. */
export function schemaKey(schema: object): string {
  return JSON.stringify(withoutSchemaId(schema), (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
}

let precompiled: Map<string, StaticSchemaName> | undefined
const byObject = new WeakMap<object, Record<string, SchemaValidator>>()
const byKey = new Map<string, SchemaValidator>()
/** Forms built from data (the inspector: one schema per control edit) add entries; keep it bounded. */
const MAX_CACHED = 500

/** The name of the precompiled validator for `schema`'s content, if any. */
export function staticNameOf(schema: object): StaticSchemaName | undefined {
  return staticNameByKey(schemaKey(schema))
}

function staticNameByKey(key: string): StaticSchemaName | undefined {
  precompiled ??= new Map(
    (Object.keys(STATIC_SCHEMAS) as StaticSchemaName[]).map((name) => [
      schemaKey(STATIC_SCHEMAS[name]),
      name,
    ]),
  )
  return precompiled.get(key)
}

/**
 * A validator for `schema`, cached by object and by content. Throws when the schema uses a keyword
 * the interpreter does not implement (see interpret-schema.ts).
 */
export function validatorFor(schema: object, options: InterpretOptions = {}): SchemaValidator {
  const flags = `${options.formats ? 'f' : ''}${options.verbose ? 'v' : ''}`
  const own = byObject.get(schema) ?? {}
  const cached = own[flags]
  if (cached) return cached
  const content = schemaKey(schema)
  const key = `${flags}|${content}`
  let validate = byKey.get(key)
  if (!validate) {
    const name = staticNameByKey(content)
    validate = name ? staticValidators[name] : compileSchema(schema, options)
    if (byKey.size >= MAX_CACHED) byKey.clear()
    byKey.set(key, validate)
  }
  own[flags] = validate
  byObject.set(schema, own)
  return validate
}
