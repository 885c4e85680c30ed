import type { FastifyPluginAsync } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  productTypeParametersSchema,
  testParametersWriteSchema,
  type TestParameter,
} from '../../schemas/entities/test-parameter'
import { textParams } from '../http-params'
import { assertVisible, tags, typeId, type IdParams } from './meta-common'
import { TestParametersRepository } from './test-parameters'

/**
 * A product type's 'Test parameters' grid (issue #14.4): its own rows and the values its records are
 * judged with (inherited from its parents unless it sets the key). Not SPEC calls; same roles and
 * visibility as the product type itself.
 */
const productTypeParameterRoutes: FastifyPluginAsync = async (app) => {
  app.get<IdParams>(
    '/api/assetmodels/:id/TestParameters',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: "A product type's own test parameters and the resolved ones (own first, then inherited).",
        params: textParams('id'),
        response: { 200: productTypeParametersSchema },
      },
    },
    async (request) => {
      const id = typeId(request.params.id)
      await assertVisible(request, id)
      const parameters = new TestParametersRepository(request.db)
      return { own: await parameters.own(id), resolved: await parameters.resolve(id) }
    },
  )

  app.put<IdParams & { Body: TestParameter[] }>(
    '/api/assetmodels/:id/TestParameters',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: {
        tags,
        summary: "Replaces a product type's own test parameters.",
        params: textParams('id'),
        body: testParametersWriteSchema,
      },
    },
    async (request, reply) => {
      await new TestParametersRepository(request.db).replace(typeId(request.params.id), request.body)
      return reply.status(204).send()
    },
  )
}

export default productTypeParameterRoutes
