import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { ADMIN_VIEWS, CONFIGURE_VIEWS, RECORD_READ_VIEWS, REFERENCE_READ_VIEWS } from '../../schemas/roles'
import { attributeWriteSchema, newIdSchema, type AttributeWrite } from '../../schemas/entities/attribute'
import {
  serialRangeCheckSchema,
  supplierSchema,
  supplierWriteSchema,
  type SerialRangeCheck,
  type SupplierWrite,
} from '../../schemas/entities/supplier'
import { MESSAGES } from '../../schemas/messages'
import { badRequest, conflict } from '../http-error'
import { SuppliersRepository } from './suppliers'
import { supplierListJson } from './supplier-list-json'
import { invalidId, positiveId, textParams } from '../http-params'

const tags = ['suppliers']
type IdParams = { Params: { id: string } }

const repo = (request: Pick<FastifyRequest, 'db'>) => new SuppliersRepository(request.db)
const supplierId = (raw: string) => positiveId(raw, invalidId)

/** Listing and reading suppliers. */
const supplierReadRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/assetmanufacturers',
    {
      config: { views: REFERENCE_READ_VIEWS },
      schema: {
        tags,
        summary: 'Lists suppliers with attributes (SupplierProducts included).',
        response: { 200: { type: 'array', items: supplierSchema } },
      },
    },
    // The database writes the answer's JSON (issue #17.4): a string with a JSON content type passes
    // the response schema's serializer untouched; supplier-list-json.test.ts holds it to that schema.
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await supplierListJson(request.db)),
  )

  app.get<IdParams>(
    '/api/assetmanufacturers/:id',
    {
      // Supplier-view users read their own supplier: add-record needs its products (DESIGN.md §6).
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, params: textParams('id'), response: { 200: supplierSchema } },
    },
    async (request) => {
      const id = supplierId(request.params.id)
      request.user.assertOwnSupplier(id, MESSAGES.supplier.notOwnSupplier)
      return repo(request).getWithAttributes(id)
    },
  )
}

/** Creating, renaming and deleting a supplier (audited). */
const supplierWriteRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: SupplierWrite }>(
    '/api/assetmanufacturers',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'supplier' },
      schema: { tags, body: supplierWriteSchema, response: { 200: newIdSchema } },
    },
    async (request) => repo(request).create(request.body.name.trim()),
  )

  const update = {
    config: { views: CONFIGURE_VIEWS, audit: 'supplier' },
    schema: { tags, params: textParams('id'), body: supplierWriteSchema },
  } as const
  const rename = async (
    request: Pick<FastifyRequest, 'db'> & { params: { id: string }; body: SupplierWrite },
    reply: FastifyReply,
  ) => {
    await repo(request).rename(supplierId(request.params.id), request.body.name.trim())
    return reply.status(204).send()
  }
  // SPEC §7 writes the path with a trailing slash; both spellings are served.
  app.put<IdParams & { Body: SupplierWrite }>('/api/assetmanufacturers/:id/', update, rename)
  app.put<IdParams & { Body: SupplierWrite }>('/api/assetmanufacturers/:id', update, rename)

  app.delete<IdParams>(
    '/api/assetmanufacturers/:id',
    { config: { views: ADMIN_VIEWS, audit: 'supplier' }, schema: { tags, params: textParams('id') } },
    async (request, reply) => {
      await repo(request).delete(supplierId(request.params.id))
      return reply.status(204).send()
    },
  )
}

/** A supplier's attributes (SupplierProducts among them). */
const supplierAttributeRoutes: FastifyPluginAsync = async (app) => {
  app.post<IdParams & { Body: AttributeWrite }>(
    '/api/assetmanufacturers/attributes/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'supplier' },
      schema: {
        tags,
        summary:
          'Creates or replaces a supplier attribute; SupplierProducts is checked with the SPEC §5 supplier rules.',
        params: textParams('id'),
        body: attributeWriteSchema,
      },
    },
    async (request, reply) => {
      await repo(request).setAttribute(supplierId(request.params.id), request.body)
      return reply.status(204).send()
    },
  )

  app.put<{ Params: { id: string; attrKey: string; attrValue: string; attrName: string } }>(
    '/api/assetmanufacturers/attributes/:id/:attrKey/:attrValue/:attrName',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'supplier' },
      schema: {
        tags,
        summary:
          'Updates a supplier attribute; key, value and name travel URL-encoded in the path (SPEC §7).',
        params: textParams('id', 'attrKey', 'attrValue', 'attrName'),
      },
    },
    async (request, reply) => {
      const { attrKey, attrValue, attrName } = request.params
      if (!attrKey.trim()) throw badRequest(MESSAGES.attribute.keyRequired)
      await repo(request).setAttribute(supplierId(request.params.id), {
        key: attrKey,
        value: attrValue,
        name: attrName,
      })
      return reply.status(204).send()
    },
  )
}

/** The serial-range duplicate check of SPEC §5. */
const serialRangeCheckRoutes: FastifyPluginAsync = async (app) => {
  app.post<IdParams & { Body: SerialRangeCheck }>(
    '/api/assetmanufacturers/:id/serialRanges/check',
    {
      config: { views: REFERENCE_READ_VIEWS },
      schema: {
        tags,
        summary: 'Serial-range duplicate check (SPEC §5)',
        description:
          'Checks whether another supplier (not {id}) already has a serial range with the same prefix (ignoring case) that ' +
          "overlaps min..max. Answers 200 {available: true} when the range is free, otherwise 409 with 'Serial range is " +
          "already used for supplier {name}'. The supplier screen does not call it (SPEC §5).",
        params: textParams('id'),
        body: serialRangeCheckSchema,
        response: {
          200: { type: 'object', required: ['available'], properties: { available: { type: 'boolean' } } },
        },
      },
    },
    async (request) => {
      const id = supplierId(request.params.id)
      const { prefix, min, max } = request.body
      if (min >= max) throw badRequest(MESSAGES.supplier.minBelowMax)
      const used = await repo(request).supplierUsingRange(id, { prefix: prefix ?? '', min, max })
      if (used) throw conflict(MESSAGES.supplier.rangeUsed(used.name))
      return { available: true }
    },
  )
}

/** Suppliers calls of SPEC §7 ({meta}/api/assetmanufacturers); the groups keep the routes' order. */
const suppliers: FastifyPluginAsync = async (app) => {
  await app.register(supplierReadRoutes)
  await app.register(supplierWriteRoutes)
  await app.register(supplierAttributeRoutes)
  await app.register(serialRangeCheckRoutes)
}

export default suppliers
