import type { FastifyPluginAsync } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import { newIdSchema } from '../../schemas/entities/attribute'
import { dataPointTypeListItemSchema } from '../../schemas/entities/data-point-type'
import { mappingSchema, type Mapping } from '../../schemas/entities/product-type'
import { textParams } from '../http-params'
import { assertVisible, mappings, recordTypes, repo, tags, typeId, type IdParams } from './meta-common'

/** Parent mappings of product types (sub components), and the record type list {meta} also serves. */
const productTypeMappingRoutes: FastifyPluginAsync = async (app) => {
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
      config: { views: CONFIGURE_VIEWS, audit: { entity: 'productType', bodyId: 'subjectId' } },
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
}

export default productTypeMappingRoutes
