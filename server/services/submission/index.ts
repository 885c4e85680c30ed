import type { FastifyPluginAsync } from 'fastify'

/** The {submission} host of SPEC §7. Its calls are added by the issues that build its screens. */
const submissionService: FastifyPluginAsync = async () => {}

export default submissionService
