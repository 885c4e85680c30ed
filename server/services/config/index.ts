import type { FastifyPluginAsync } from 'fastify'
import audit from './audit'

/** The {config} host of SPEC §7. Its calls are added by the issues that build its screens. */
const configService: FastifyPluginAsync = async (app) => {
  await app.register(audit)
}

export default configService
