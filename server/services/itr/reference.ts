import type { FastifyPluginAsync } from 'fastify'
import calibrators from './calibrators'
import deviceOwners from './device-owners'
import faultRepairTypes from './fault-repair-types'
import productTypes from './product-types'

/** The reference-data calls of the {itr} host (SPEC §7): product types, device owners, calibrators, survey/repair. */
const itrReference: FastifyPluginAsync = async (app) => {
  await app.register(productTypes)
  await app.register(deviceOwners)
  await app.register(calibrators)
  await app.register(faultRepairTypes)
}

export default itrReference
