import { RECORD_MESSAGES } from '../schemas/records/index'
import { badRequest, notFound } from './http-error'

/**
 * A positive integer from a path segment. The server's ajv does not coerce types, so ids arrive as
 * text; a malformed one is a 400 with the caller's own text (e.g. 'Invalid owner ID: {id}').
 */
export function positiveId(raw: string | undefined, message: (raw: string) => string): number {
  const text = raw ?? ''
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1) throw badRequest(message(text))
  return Number(text)
}

/** Default text for a malformed id. */
export const invalidId = (raw: string) => `Invalid id: ${raw}`

/** The longest `filter` path segment: a records or export filter choosing many items (the router's limit is 8192). */
export const FILTER_MAX_LENGTH = 8000

/** Path parameters as text, for the routes' schemas; a `filter` may be long, anything else is short. */
export const textParams = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [
        n,
        n === 'filter'
          ? {
              type: 'string',
              maxLength: FILTER_MAX_LENGTH,
              errorMessage: { maxLength: RECORD_MESSAGES.filterTooLong(FILTER_MAX_LENGTH) },
            }
          : { type: 'string', maxLength: 500 },
      ]),
    ),
  }) as const

/**
 * `?revisionOf={id}` on a record submission: the record a /DataEntry edit revises, or undefined when
 * absent. Named twice it is refused (it would read as none); an id no record can have is missing (404),
 * however many digits it has. Whether the caller may read it is the audit plugin's check.
 */
export function revisionOfParam(query: unknown): number | undefined {
  const given = (query as Record<string, unknown> | undefined)?.revisionOf
  if (Array.isArray(given)) throw badRequest(RECORD_MESSAGES.revisionOfOnce)
  const raw = typeof given === 'number' ? String(given) : given
  if (typeof raw !== 'string' || raw === '') return undefined
  if (!/^[0-9]+$/.test(raw)) throw badRequest(RECORD_MESSAGES.recordNotFound(raw))
  if (raw.length > 9 || Number(raw) < 1) throw notFound(RECORD_MESSAGES.recordNotFound(raw))
  return Number(raw)
}
