import type { FastifyRequest } from 'fastify'
import { badRequest, forbidden } from '../../http-error'

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

/** The supplier a supplier-view caller is scoped to, or undefined for everyone else. */
export function scopedSupplierId(request: FastifyRequest): number | undefined {
  return request.user.view === 'supplier'
    ? (request.user.claims.AssetManufacturerView ?? undefined)
    : undefined
}

/** Supplier-view callers may only read their own supplier (DESIGN.md §6). */
export function assertOwnSupplier(request: FastifyRequest, supplierId: number, message: string): void {
  const own = scopedSupplierId(request)
  if (request.user.view === 'supplier' && own !== supplierId) throw forbidden(message)
}

/** Path parameters as text, for the routes' schemas. */
export const textParams = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 500 }])),
  }) as const
