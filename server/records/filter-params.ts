import { Ajv, type AnySchema } from 'ajv'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest } from '../http-error'

const ajv = new Ajv({ allErrors: false, strict: false })
const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>()

/**
 * The `{url-encoded JSON}` filter segment of the paging calls: JSON of the given schema, otherwise a 400
 * that says whether the JSON or its shape is wrong. An empty segment or `{}` means no filter.
 */
export function parseFilter<T>(raw: string | undefined, schema: AnySchema & object): T {
  let value: unknown = {}
  const text = (raw ?? '').trim()
  if (text !== '' && text !== 'undefined' && text !== 'null') {
    try {
      value = JSON.parse(text)
    } catch {
      throw badRequest(RECORD_MESSAGES.badFilter)
    }
  }
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  if (!validate(value)) {
    const first = validate.errors?.[0]
    throw badRequest(
      RECORD_MESSAGES.badFilterShape(`${first?.instancePath || 'filter'} ${first?.message ?? ''}`.trim()),
    )
  }
  return value as T
}

/**
 * Page and size path segments. Pages count from 1; page 0 is read as the first page too, so grids that
 * count from 0 or from 1 both land on the first page at start. Size is 1..1000.
 */
export function parsePaging(page: string, size: string): { page: number; size: number } {
  if (!/^\d{1,7}$/.test(page) || !/^\d{1,4}$/.test(size)) throw badRequest(RECORD_MESSAGES.badPage)
  const p = Math.max(1, Number(page))
  const s = Number(size)
  if (s < 1 || s > 1000) throw badRequest(RECORD_MESSAGES.badPage)
  return { page: p, size: s }
}
