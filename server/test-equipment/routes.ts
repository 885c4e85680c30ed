import type { FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import { RECORD_MESSAGES, testEquipmentSchema } from '../../schemas/records/index'
import { notFound } from '../http-error'
import { ProductsRepository } from '../products/products'
import { TestEquipmentRepository } from './test-equipment'
import { positiveId, textParams } from '../http-params'

const tags = ['test equipment']
const list = { type: 'array', items: testEquipmentSchema } as const

/**
 * Test equipment calls of SPEC §7 on {itr}: the list (optionally by serial number), a product's test
 * equipment, and one item by id (`GET /api/testEquipment/{id}`, a path SPEC leaves open).
 */
const testEquipmentRoutes: FastifyPluginAsync = async (app) => {
  const repo = new TestEquipmentRepository(app.db)
  const productsRepo = new ProductsRepository(app.db)

  app.get<{ Querystring: { serialNumber?: string } }>(
    '/api/testEquipment',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Lists test equipment; with ?serialNumber= only the items with that serial (404 when none).',
        description:
          "A supplier user's list holds only the items used on its supplier's products or records; looking an " +
          'item up by serial number or id stays open to it, because the data-entry picker adds equipment that way.',
        querystring: {
          type: 'object',
          properties: { serialNumber: { type: 'string', maxLength: 200 } },
        },
        response: { 200: list },
      },
    },
    async (request) => {
      const serial = request.query.serialNumber
      if (serial === undefined) return repo.list(request.user.supplierId)
      const found = serial.trim() ? await repo.bySerial(serial) : []
      if (found.length === 0) throw notFound(RECORD_MESSAGES.testEquipmentNotFoundSerial)
      return found
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/testEquipment/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, params: textParams('id'), response: { 200: testEquipmentSchema } },
    },
    async (request) => repo.get(positiveId(request.params.id, RECORD_MESSAGES.testEquipmentNotFoundId)),
  )

  app.get<{ Params: { id: string } }>(
    '/api/products/:id/testEquipment',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, params: textParams('id'), response: { 200: list } },
    },
    async (request) => {
      const id = positiveId(request.params.id, RECORD_MESSAGES.productNotFound)
      await productsRepo.requireVisible(id, request.user.supplierId)
      return repo.ofProduct(id)
    },
  )
}

export default testEquipmentRoutes
