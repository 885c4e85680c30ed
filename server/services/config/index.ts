import type { FastifyPluginAsync } from 'fastify'

/** The {config} host of SPEC §7. Its calls are added by the issues that build its screens. */
const configService: FastifyPluginAsync = async () => {}

export default configService
