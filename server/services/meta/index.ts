import type { FastifyPluginAsync } from 'fastify'
import suppliers from './suppliers'

/** The {meta} host of SPEC §7: suppliers, product types, products, record types, configuration. */
const metaService: FastifyPluginAsync = async (app) => {
  await app.register(suppliers)
}

export default metaService
