import type { FastifyPluginAsync } from 'fastify'
import reference from './reference'
import records from './records'

/** The {itr} host of SPEC §7. Its calls are added by the issues that build its screens. */
const itrService: FastifyPluginAsync = async (app) => {
  await app.register(reference)
  await app.register(records)
}

export default itrService
