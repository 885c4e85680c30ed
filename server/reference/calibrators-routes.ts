import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, REFERENCE_READ_VIEWS } from '../../schemas/roles'
import { newIdSchema } from '../../schemas/entities/attribute'
import {
  calibratorSchema,
  calibratorWriteSchema,
  type CalibratorWrite,
} from '../../schemas/entities/calibrator'
import { MESSAGES } from '../../schemas/messages'
import { badRequest } from '../http-error'
import { CalibratorsRepository } from './calibrators'
import { positiveId, textParams } from '../http-params'

const tags = ['calibrators']
type IdParams = { Params: { id: string } }

/** Calibrator calls of SPEC §7 on {itr}: list, create, rename, delete. */
const calibrators: FastifyPluginAsync = async (app) => {
  const repo = (request: Pick<FastifyRequest, 'db'>) => new CalibratorsRepository(request.db)
  // An id of 0 or below is a row the grid never saved (SPEC §5 'Item has not been saved').
  const calibratorId = (raw: string) => {
    if (/^-?[0-9]+$/.test(raw) && Number(raw) <= 0) throw badRequest(MESSAGES.calibrator.notSaved)
    return positiveId(raw, MESSAGES.calibrator.notFound)
  }

  app.get(
    '/api/calibrators',
    {
      config: { views: REFERENCE_READ_VIEWS },
      schema: { tags, response: { 200: { type: 'array', items: calibratorSchema } } },
    },
    async (request) => repo(request).list(),
  )

  app.post<{ Body: CalibratorWrite }>(
    '/api/calibrators',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'calibrator' },
      schema: { tags, body: calibratorWriteSchema, response: { 200: newIdSchema } },
    },
    async (request) => repo(request).create(request.body.name),
  )

  app.put<IdParams & { Body: CalibratorWrite }>(
    '/api/calibrators/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'calibrator' },
      schema: { tags, params: textParams('id'), body: calibratorWriteSchema },
    },
    async (request, reply) => {
      await repo(request).rename(calibratorId(request.params.id), request.body.name)
      return reply.status(204).send()
    },
  )

  app.delete<IdParams>(
    '/api/calibrators/:id',
    { config: { views: CONFIGURE_VIEWS, audit: 'calibrator' }, schema: { tags, params: textParams('id') } },
    async (request, reply) => {
      await repo(request).delete(calibratorId(request.params.id))
      return reply.status(204).send()
    },
  )
}

export default calibrators
