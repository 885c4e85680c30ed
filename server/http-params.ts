import { badRequest } from './http-error'

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

/** Path parameters as text, for the routes' schemas. */
export const textParams = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 500 }])),
  }) as const
