import type { ErrorObject } from 'ajv'
import { validatorFor } from '../validation/validator-for'

/**
 * Validation with the entity schemas of schemas/entities and their ajv-errors `errorMessage` texts,
 * for controller hooks that check data outside an rjsf form (grids, tabs). The server validates the
 * same schemas with ajv and the same plugin, so both give the SPEC §5 text for the same bad input.
 * No code is compiled in the browser (CSP without 'unsafe-eval'): schemas listed in
 * schemas/validation/static-schemas.ts run ajv's build-time code, others the interpreter.
 */

/** The schema without `$id`: the same entity schema may be compiled by several validators. */
export function withoutId<S extends object>(schema: S): S {
  if (!('$id' in schema)) return schema
  const { $id: _id, ...rest } = schema as S & { $id?: string }
  return rest as S
}

/** A field path ('name', 'items.0.prefix'; '' for the whole value) and its message. */
export interface FieldError {
  path: string
  message: string
}

/** Where an error belongs: a missing property names the property; others their instance path. */
export function errorPath(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0] ?? error
  const missing = (inner.params as { missingProperty?: string }).missingProperty
  if (missing) return base ? `${base}.${missing}` : missing
  return base
}

/** All failures of `data` against `schema`, one per path (the first message wins). */
export function schemaErrors(schema: object, data: unknown): FieldError[] {
  const validate = validatorFor(schema, { formats: true })
  if (validate(data)) return []
  const byPath = new Map<string, string>()
  // ajv-errors' own messages come first: the SPEC texts, not ajv's generic ones.
  const errors = [...(validate.errors ?? [])].sort(
    (a, b) => Number(b.keyword === 'errorMessage') - Number(a.keyword === 'errorMessage'),
  )
  for (const error of errors) {
    const path = errorPath(error)
    if (!byPath.has(path)) byPath.set(path, error.message ?? 'is invalid')
  }
  return [...byPath].map(([path, message]) => ({ path, message }))
}

/** The first failure's message, or undefined when `data` is valid. */
export function firstSchemaError(schema: object, data: unknown): string | undefined {
  return schemaErrors(schema, data)[0]?.message
}
