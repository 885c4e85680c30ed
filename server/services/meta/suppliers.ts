import type { FastifyPluginAsync } from 'fastify'
import { CONFIGURE_VIEWS, REFERENCE_READ_VIEWS } from '../../../schemas/roles'
import { supplierSchema, supplierWriteSchema, type SupplierWrite } from '../../../schemas/entities/supplier'
import { SuppliersRepository } from '../../repositories/suppliers'

/** Suppliers calls of SPEC §7 ({meta}/api/assetmanufacturers). */
const suppliers: FastifyPluginAsync = async (app) => {
  const repo = new SuppliersRepository(app.db)

  app.get(
    '/api/assetmanufacturers',
    {
      config: { views: REFERENCE_READ_VIEWS },
      schema: { tags: ['suppliers'], response: { 200: { type: 'array', items: supplierSchema } } },
    },
    async () => (await repo.list()).map((s) => ({ ...s, attributes: [] })),
  )

  app.post<{ Body: SupplierWrite }>(
    '/api/assetmanufacturers',
    { config: { views: CONFIGURE_VIEWS }, schema: { tags: ['suppliers'], body: supplierWriteSchema } },
    async (request) => repo.create(request.body.name.trim()),
  )
}

export default suppliers
