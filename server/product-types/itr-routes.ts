import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  productTypeListItemSchema,
  productTypeRecordTypesSchema,
  type ProductTypeRecordTypes,
} from '../../schemas/entities/product-type'
import { MESSAGES } from '../../schemas/messages'
import { ProductTypesRepository } from './product-types'
import { positiveId, textParams } from '../http-params'

const tags = ['product types']

/** Product type calls of SPEC §7 on {itr}: the listing with parents, and the record types of a type. */
const productTypes: FastifyPluginAsync = async (app) => {
  const repo = (request: Pick<FastifyRequest, 'db'>) => new ProductTypesRepository(request.db)

  app.get(
    '/api/productTypes',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary:
          "Lists product types with parent {id, name} (null for none) and attributes; a supplier's users see only theirs.",
        response: { 200: { type: 'array', items: productTypeListItemSchema } },
      },
    },
    async (request) => {
      const visible = await request.user.visibleProductTypes(request.db)
      return (await repo(request).list(visible && [...visible])).map(({ id, name, parent, attributes }) => ({
        id,
        name,
        parent,
        attributes,
      }))
    },
  )

  app.put<{ Params: { id: string }; Body: ProductTypeRecordTypes }>(
    '/api/ProductTypes/:id/RecordTypes',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: {
        tags,
        summary:
          'Replaces the record types of a product type (and so its RecordTypeAttribute) with these ids, in order.',
        params: textParams('id'),
        body: productTypeRecordTypesSchema,
      },
    },
    async (request, reply) => {
      await repo(request).setRecordTypes(
        positiveId(request.params.id, () => MESSAGES.productType.notFound),
        request.body,
      )
      return reply.status(204).send()
    },
  )
}

export default productTypes
