import type { FastifyPluginAsync } from 'fastify'
import configuration from './configuration'
import productTypes from './product-types'
import products from './products'
import recordTypes from './record-types'
import suppliers from './suppliers'

/** The {meta} host of SPEC §7: suppliers, product types, products, record types, configuration. */
const metaService: FastifyPluginAsync = async (app) => {
  await app.register(suppliers)
  await app.register(productTypes)
  await app.register(configuration)
  await app.register(recordTypes)
  await app.register(products)
}

export default metaService
