import type { FastifyPluginAsync } from 'fastify'
import documents from './documents'
import testEquipment from './test-equipment'

/** The records-domain calls of the {itr} host (SPEC §7): documents and test equipment. */
const itrRecords: FastifyPluginAsync = async (app) => {
  await app.register(documents)
  await app.register(testEquipment)
}

export default itrRecords
