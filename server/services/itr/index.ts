import type { FastifyPluginAsync } from 'fastify'

/** The {itr} host of SPEC §7. Its calls are added by the issues that build its screens. */
const itrService: FastifyPluginAsync = async () => {}

export default itrService
