import { Ajv, type AnySchema } from 'ajv'
import ajvErrors from 'ajv-errors'
import { badRequest } from '../http-error'

// Attribute values are JSON text inside a JSON body, so Fastify's own validator never sees their
// structure; they are checked here with the same schemas (and ajv-errors texts) the SPA uses.
const ajv = new Ajv({ allErrors: true, strict: false })
ajvErrors(ajv)

const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>()

/**
 * Parses JSON text and validates it against a schema. Bad JSON or a shape the schema refuses is a
 * 400 with `message` (or the schema's own errorMessage).
 */
export function parseJsonValue<T>(
  schema: AnySchema & object,
  text: string | null | undefined,
  message: string,
): T {
  let value: unknown
  try {
    value = JSON.parse(text ?? '')
  } catch {
    throw badRequest(message)
  }
  let validate = compiled.get(schema)
  if (!validate) {
    // Strip $id so the same schema object can also be registered with Fastify's own ajv.
    const { $id: _id, ...rest } = schema as Record<string, unknown>
    validate = ajv.compile(rest)
    compiled.set(schema, validate)
  }
  if (!validate(value)) {
    const own = validate.errors?.find((e) => e.keyword === 'errorMessage')
    throw badRequest(own?.message ?? message, validate.errors)
  }
  return value as T
}
