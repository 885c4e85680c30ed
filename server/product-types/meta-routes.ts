import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import { newIdSchema } from '../../schemas/entities/attribute'
import {
  productTypeSchema,
  productTypeWriteSchema,
  type ProductTypeWrite,
} from '../../schemas/entities/product-type'
import { textParams } from '../http-params'
import { assertVisible, repo, tags, toMetaProductType, typeId, type IdParams } from './meta-common'
import productTypeAttributeRoutes from './meta-attribute-routes'
import productTypeMappingRoutes from './meta-mapping-routes'
import productTypeParameterRoutes from './meta-parameter-routes'

/** The product type list and single reads. */
const productTypeReadRoutes: FastifyPluginAsync = async (app) => {
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
}

/** Creating, updating and deleting a product type (configurators; audited). */
const productTypeWriteRoutes: FastifyPluginAsync = async (app) => {
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
}

/**
 * Product type (asset model) calls of SPEC §7 on {meta}, with the exact casing SPEC uses. The groups are
 * registered in this order so the routes (and the OpenAPI document) keep their order.
 */
const productTypes: FastifyPluginAsync = async (app) => {
  await app.register(productTypeReadRoutes)
  await app.register(productTypeWriteRoutes)
  await app.register(productTypeMappingRoutes)
  await app.register(productTypeAttributeRoutes)
  await app.register(productTypeParameterRoutes)
}

export default productTypes
