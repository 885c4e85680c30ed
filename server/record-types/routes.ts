import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  layoutRevisionSchema,
  recordTypeAttributeWriteSchema,
  recordTypeSchema,
  recordTypeWriteSchema,
  type RecordTypeAttributeWrite,
  type RecordTypeWrite,
} from '../../schemas/entities/record-type'
import { errorSchema } from '../../schemas/auth'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import { badRequest, notFound } from '../http-error'
import { RecordTypesRepository } from './record-types'
import { ifMatchHeaders, layoutRevisionExpected, RecordTypeWrites } from './guarded-writes'
import { invalidId, positiveId } from '../http-params'

const tags = ['record types']
const idParam = (request: FastifyRequest) => positiveId((request.params as { id?: string }).id, invalidId)
const missing = (id: number) => notFound(RECORD_MESSAGES.recordTypeNotFound(id))

const repo = (request: Pick<FastifyRequest, 'db'>) => new RecordTypesRepository(request.db)
const writes = (request: Pick<FastifyRequest, 'db'>) => new RecordTypeWrites(request.db)
const read = { views: RECORD_READ_VIEWS }
const write = { views: CONFIGURE_VIEWS, audit: 'recordType' as const }

/** The collection: listing and creating record types, with and without the trailing slash. */
const collectionRoutes: FastifyPluginAsync = async (app) => {
  for (const url of ['/api/DataPointTypes', '/api/DataPointTypes/']) {
    app.get(
      url,
      { config: read, schema: { tags, response: { 200: { type: 'array', items: recordTypeSchema } } } },
      (request) => repo(request).list(),
    )
    app.post<{ Body: RecordTypeWrite }>(
      url,
      {
        config: write,
        schema: { tags, body: recordTypeWriteSchema, response: { 200: { type: 'integer' } } },
      },
      async (request) => {
        assertCaptureFitsCategory(request.body)
        return repo(request).create(request.body)
      },
    )
  }
}

/** Reading one record type and a stored revision of its layout. */
const recordTypeReadRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/DataPointTypes/:id',
    { config: read, schema: { tags, response: { 200: recordTypeSchema, 404: errorSchema } } },
    async (request) => {
      const id = idParam(request)
      const type = await repo(request).get(id)
      if (!type) throw missing(id)
      // Only those who may edit it are told: to a supplier it would say another supplier stored records.
      if (!request.user.seesEverything) return type
      return { ...type, hasRecords: await repo(request).hasRecords(id) }
    },
  )

  app.get(
    '/api/DataPointTypes/:id/layouts/:revision',
    {
      config: read,
      schema: {
        tags,
        description:
          'A stored revision of the form layout (records keep the revision they were captured with).',
        response: { 200: layoutRevisionSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = idParam(request)
      const revision = positiveId((request.params as { revision?: string }).revision, invalidId)
      const row = await repo(request).layoutRevision(id, revision)
      if (!row) throw notFound(`Record type ${id} has no layout revision ${revision}`)
      return { ...row, createdAt: row.createdAt.toISOString() }
    },
  )
}

/** Updating and deleting one record type. */
const recordTypeWriteRoutes: FastifyPluginAsync = async (app) => {
  for (const url of ['/api/DataPointTypes/:id', '/api/DataPointTypes/:id/']) {
    app.put<{ Body: RecordTypeWrite }>(
      url,
      { config: write, schema: { tags, headers: ifMatchHeaders, body: recordTypeWriteSchema } },
      async (request, reply) => {
        const id = idParam(request)
        assertCaptureFitsCategory(request.body)
        const expected = layoutRevisionExpected(request)
        if (!(await writes(request).update(id, request.body, expected))) throw missing(id)
        return reply.status(204).send()
      },
    )
  }

  app.delete('/api/datapointtypes/:id', { config: write, schema: { tags } }, async (request, reply) => {
    const id = idParam(request)
    if (!(await repo(request).delete(id))) throw missing(id)
    return reply.status(204).send()
  })
}

/** The JSON attributes (field mappings, form layout), checked as the editor checks them. */
const attributeRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: RecordTypeAttributeWrite }>(
    '/api/DataPointTypes/attributes/:id',
    { config: write, schema: { tags, headers: ifMatchHeaders, body: recordTypeAttributeWriteSchema } },
    async (request, reply) => {
      const id = idParam(request)
      const expected = layoutRevisionExpected(request)
      const layoutRevision = await writes(request).putAttribute(
        id,
        request.body,
        request.user.username,
        expected,
      )
      if (layoutRevision === false) throw missing(id)
      return reply.status(201).send({ id, key: request.body.key, layoutRevision })
    },
  )

  app.delete(
    '/api/DataPointTypes/attributes/:id/:attrKey',
    { config: write, schema: { tags, headers: ifMatchHeaders } },
    async (request, reply) => {
      const id = idParam(request)
      const key = (request.params as { attrKey: string }).attrKey
      if (!(await writes(request).deleteAttribute(id, key, layoutRevisionExpected(request))))
        throw missing(id)
      return reply.status(204).send()
    },
  )
}

/**
 * Record types calls of SPEC §7 ({meta}/api/DataPointTypes). The category is kept in `units`, the
 * capture type in `sensorTypeId`; the field mappings and the form layout are JSON attributes, which
 * the editor deletes and re-posts on every save. Both are validated with the same schemas and checks
 * as the SPA's editor, and every layout save keeps a revision. The writes take an optional
 * `If-Match: "<layout revision>"` (guarded-writes.ts): a save over another's newer one is a 409. The
 * groups keep the routes' order.
 */
const recordTypes: FastifyPluginAsync = async (app) => {
  await app.register(collectionRoutes)
  await app.register(recordTypeReadRoutes)
  await app.register(recordTypeWriteRoutes)
  await app.register(attributeRoutes)
}

/** SPEC §4: choosing Calibration forces capture by form. */
function assertCaptureFitsCategory(body: RecordTypeWrite) {
  if (body.units === 'Calibration' && body.sensorTypeId !== 2) {
    throw badRequest('Calibration record types are captured by form.')
  }
}

export default recordTypes
