import type { FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  productPageSchema,
  productSchema,
  productsFilterSchema,
  RECORD_MESSAGES,
  type ProductsFilter,
} from '../../schemas/records/index'
import { parseFilter, parsePaging } from '../records/filter-params'
import { ProductsRepository } from './products'
import { productsPage } from './products-page'
import { positiveId, textParams } from '../http-params'

const tags = ['products']
/** Most products `bytype` answers; the products page is the way through more. */
const BY_TYPE_LIMIT = 1000

/** Product (asset) calls of SPEC §7 on {meta}. Supplier-view callers see only their supplier's products. */
const productsRoutes: FastifyPluginAsync = async (app) => {
  const repo = new ProductsRepository(app.db)

  app.get<{ Params: { page: string; size: string; filter: string } }>(
    '/api/assets/page/:page/size/:size/filter/:filter',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'One page of products.',
        description:
          'Pages count from 1 (0 is also the first page). filter is URL-encoded JSON: attribute {key, value} ' +
          '(CurrentStatus: pass | fail | n/a; DateOfLastRecord: {from, to}), serialNumbers, ' +
          'assetManufacturerNames, assetModels (names or ids), ParentAssetId (the product and its children), ' +
          `sortField (${'id, serialNumber, productSerialNumber, assetManufacturerName, assetModel, dateOfLastRecord, currentStatus'}), sortDirection (asc | desc).`,
        params: textParams('page', 'size', 'filter'),
        response: { 200: productPageSchema },
      },
    },
    async (request) => {
      const { page, size } = parsePaging(request.params.page, request.params.size)
      const filter = parseFilter<ProductsFilter>(request.params.filter, productsFilterSchema)
      return productsPage(app.db, filter, page, size, request.user.supplierId)
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/Assets/parentMappings/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        params: textParams('id'),
        response: {
          200: {
            type: 'object',
            required: ['parentId'],
            properties: { parentId: { type: ['integer', 'null'] } },
          },
        },
      },
    },
    async (request) => ({
      parentId: await repo.parentOf(
        positiveId(request.params.id, RECORD_MESSAGES.productNotFound),
        request.user.supplierId,
      ),
    }),
  )

  app.get<{ Params: { type: string } }>(
    '/api/assets/bytype/:type',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: `Products of one product type, by serial (at most ${BY_TYPE_LIMIT}).`,
        params: textParams('type'),
        response: { 200: { type: 'array', items: productSchema } },
      },
    },
    async (request) =>
      repo.byType(
        positiveId(request.params.type, () => 'Product type does not exist'),
        request.user.supplierId,
        BY_TYPE_LIMIT,
      ),
  )
}

export default productsRoutes
