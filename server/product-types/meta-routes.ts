import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  attributeSchema,
  attributeWriteSchema,
  newIdSchema,
  type AttributeWrite,
} from '../../schemas/entities/attribute'
import { dataPointTypeListItemSchema } from '../../schemas/entities/data-point-type'
import {
  mappingSchema,
  productTypeSchema,
  productTypeWriteSchema,
  type Mapping,
  type ProductTypeWrite,
} from '../../schemas/entities/product-type'
import { MESSAGES } from '../../schemas/messages'
import { notFound } from '../http-error'
import { DataPointTypesRepository } from '../record-types/data-point-types'
import { ProductTypeMappingsRepository } from './product-type-mappings'
import { ProductTypesRepository, type ProductTypeRecord } from './product-types'
import { positiveId, textParams } from '../http-params'

const tags = ['product types']
type IdParams = { Params: { id: string } }

/** A product type in the {meta} shape of SPEC §3: parent is an id or -1, with parentName. */
export const toMetaProductType = (t: ProductTypeRecord) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  assetTypeKey: t.assetTypeKey,
  assetManufacturerId: t.assetManufacturerId,
  parent: t.parent?.id ?? -1,
  parentName: t.parent?.name ?? null,
  attributes: t.attributes,
})

/** Product type (asset model) calls of SPEC §7 on {meta}, with the exact casing SPEC uses. */
const productTypes: FastifyPluginAsync = async (app) => {
  const repo = (request: Pick<FastifyRequest, 'db'>) => new ProductTypesRepository(request.db)
  const mappings = (request: Pick<FastifyRequest, 'db'>) => new ProductTypeMappingsRepository(request.db)
  const recordTypes = (request: Pick<FastifyRequest, 'db'>) => new DataPointTypesRepository(request.db)
  const typeId = (raw: string) => positiveId(raw, () => MESSAGES.productType.notFound)

  /** Supplier-view callers see only their supplier's product types and their sub components. */
  const assertVisible = async (request: FastifyRequest, id: number) => {
    const visible = await request.user.visibleProductTypes(request.db)
    if (visible && !visible.has(id)) throw notFound(MESSAGES.productType.notFound)
  }

  const listAll = async (request: FastifyRequest) => {
    const visible = await request.user.visibleProductTypes(request.db)
    return (await repo(request).list(visible && [...visible])).map(toMetaProductType)
  }
  const listOptions = {
    config: { views: RECORD_READ_VIEWS },
    schema: { tags, response: { 200: { type: 'array', items: productTypeSchema } } },
  }
  app.get('/api/AssetModels/', listOptions, listAll)
  app.get('/api/AssetModels', listOptions, listAll)

  app.get<IdParams>(
    '/api/assetmodels/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, params: textParams('id'), response: { 200: productTypeSchema } },
    },
    async (request) => {
      const id = typeId(request.params.id)
      await assertVisible(request, id)
      return toMetaProductType(await repo(request).get(id))
    },
  )

  const create = async (request: Pick<FastifyRequest, 'db'> & { body: ProductTypeWrite }) =>
    repo(request).create(request.body)
  const createOptions = {
    config: { views: CONFIGURE_VIEWS, audit: 'productType' as const },
    schema: { tags, body: productTypeWriteSchema, response: { 200: newIdSchema } },
  }
  app.post<{ Body: ProductTypeWrite }>('/api/assetmodels/', createOptions, create)
  app.post<{ Body: ProductTypeWrite }>('/api/assetmodels', createOptions, create)

  app.put<IdParams & { Body: ProductTypeWrite }>(
    '/api/assetmodels/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, params: textParams('id'), body: productTypeWriteSchema },
    },
    async (request, reply) => {
      await repo(request).update(typeId(request.params.id), request.body)
      return reply.status(204).send()
    },
  )

  app.delete<IdParams>(
    '/api/assetmodels/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, summary: 'Deletes a product type; 100210 never (SPEC §9).', params: textParams('id') },
    },
    async (request, reply) => {
      await repo(request).delete(typeId(request.params.id))
      return reply.status(204).send()
    },
  )

  app.post<{ Params: { parent: string; id: string } }>(
    '/api/assetmodels/:parent/child/assetmodels/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: {
        tags,
        summary: 'Makes {id} a sub component of {parent}; returns the mapping id.',
        params: textParams('parent', 'id'),
        response: { 200: newIdSchema },
      },
    },
    async (request) => mappings(request).setParent(typeId(request.params.parent), typeId(request.params.id)),
  )

  app.delete<{ Params: { parent: string; id: string } }>(
    '/api/assetmodels/:parent/child/assetmodels/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, params: textParams('parent', 'id') },
    },
    async (request, reply) => {
      await mappings(request).removeParent(typeId(request.params.parent), typeId(request.params.id))
      return reply.status(204).send()
    },
  )

  app.delete<{ Body: Mapping }>(
    '/api/Mapping',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, summary: 'Removes a parent mapping.', body: mappingSchema },
    },
    async (request, reply) => {
      await mappings(request).removeMapping(request.body)
      return reply.status(204).send()
    },
  )

  app.get<IdParams>(
    '/api/AssetModels/ParentMappings/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, params: textParams('id'), response: { 200: { type: 'array', items: mappingSchema } } },
    },
    async (request) => {
      const id = typeId(request.params.id)
      await assertVisible(request, id)
      await repo(request).requireExists(id)
      return mappings(request).parentsOf(id)
    },
  )

  app.get(
    '/api/datapointtypes/',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags: ['record types'],
        response: { 200: { type: 'array', items: dataPointTypeListItemSchema } },
      },
    },
    async (request) => recordTypes(request).list(),
  )

  app.post<IdParams & { Body: AttributeWrite }>(
    '/api/AssetModels/Attributes/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, params: textParams('id'), body: attributeWriteSchema },
    },
    async (request, reply) => {
      await repo(request).setAttribute(typeId(request.params.id), request.body)
      return reply.status(204).send()
    },
  )

  app.delete<{ Params: { id: string; attrKey: string } }>(
    '/api/AssetModels/Attributes/:id/:attrKey',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, params: textParams('id', 'attrKey') },
    },
    async (request, reply) => {
      await repo(request).deleteAttribute(typeId(request.params.id), request.params.attrKey)
      return reply.status(204).send()
    },
  )

  // The item-list calls (SPEC §7): the body's value is a JSON list of fault/repair item names.
  type AttrParams = { Params: { productTypeId: string; attrKey: string } }
  const itemTypeId = (raw: string) => positiveId(raw, () => MESSAGES.surveyRepair.productInvalid)
  const attrSchema = { tags, params: textParams('productTypeId', 'attrKey') }

  app.get<AttrParams>(
    '/api/AssetModels/attributes/:productTypeId/:attrKey',
    { config: { views: RECORD_READ_VIEWS }, schema: { ...attrSchema, response: { 200: attributeSchema } } },
    async (request) => {
      const id = itemTypeId(request.params.productTypeId)
      await assertVisible(request, id)
      const found = await repo(request).attribute(id, request.params.attrKey)
      if (!found) throw notFound(MESSAGES.attribute.notFound(request.params.attrKey))
      return found
    },
  )

  const writeAttr = async (
    request: Pick<FastifyRequest, 'db'> & { params: AttrParams['Params']; body: AttributeWrite },
    reply: FastifyReply,
  ) => {
    // The path names the attribute; a differing body key cannot rename it.
    await repo(request).setAttribute(itemTypeId(request.params.productTypeId), {
      ...request.body,
      key: request.params.attrKey,
    })
    return reply.status(204).send()
  }
  const writeOptions = {
    config: { views: CONFIGURE_VIEWS, audit: 'productType' as const },
    schema: { ...attrSchema, body: attributeWriteSchema },
  }
  app.post<AttrParams & { Body: AttributeWrite }>(
    '/api/AssetModels/attributes/:productTypeId/:attrKey',
    writeOptions,
    writeAttr,
  )
  app.put<AttrParams & { Body: AttributeWrite }>(
    '/api/AssetModels/attributes/:productTypeId/:attrKey',
    writeOptions,
    writeAttr,
  )
}

export default productTypes
