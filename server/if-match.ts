import type { FastifyRequest } from 'fastify'
import { badRequest } from './http-error'

/**
 * The OpenAPI description of an optional `If-Match` header naming the revision the caller loaded
 * (`what`: which revision, e.g. "the layoutRevision").
 */
export const ifMatchHeader = (what: string) =>
  ({
    type: 'object',
    properties: {
      'if-match': {
        type: 'string',
        description:
          `${what} the caller loaded, in quotes. When the stored one is newer, the write is refused with 409 ` +
          'and nothing is written. Without the header (or with *) nothing is checked.',
      },
    },
  }) as const

/**
 * The revision a caller loaded, from `If-Match: "<revision>"` (`W/"3"` and a bare `3` are read too).
 * Undefined without the header, or with `*`: the caller asked for no check and gets last-writer-wins
 * (SPEC's callers send no header). Anything else is refused with `badMessage` (400).
 */
export function expectedRevisionOf(
  request: Pick<FastifyRequest, 'headers'>,
  badMessage: string,
): number | undefined {
  const raw = request.headers['if-match']
  if (raw === undefined) return undefined
  const text = (Array.isArray(raw) ? raw.join(',') : raw).trim()
  if (text === '*') return undefined
  // Quoted or bare, never half-quoted ('"1' or '1"').
  const match = /^(?:W\/)?(?:"([0-9]{1,9})"|([0-9]{1,9}))$/.exec(text)
  if (!match) throw badRequest(badMessage)
  return Number(match[1] ?? match[2])
}
