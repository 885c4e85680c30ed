import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  AUDIT_ENTITIES,
  auditEntrySchema,
  auditFilterSchema,
  auditPageSchema,
  type AuditEntity,
  type AuditFilter,
} from '../../schemas/audit'
import { ADMIN_VIEWS, CONFIGURE_VIEWS, RECORD_READ_VIEWS, REFERENCE_READ_VIEWS } from '../../schemas/roles'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { AuditRepository } from './repository'
import { badRequest, forbidden, HttpError, notFound } from '../http-error'
import { parseFilter, parsePaging } from '../records/filter-params'
import { RecordsRepository } from '../records/records'
import { textParams } from '../http-params'

const tags = ['audit']

/** Whether the caller may read the record (supplier and category scoping of the records repository). */
async function canReadRecord(records: RecordsRepository, id: string, request: FastifyRequest) {
  if (request.user.seesEverything) return true
  if (!/^[0-9]{1,9}$/.test(id)) return false
  try {
    await records.get(Number(id), request.user)
    return true
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return false
    throw error
  }
}

/**
 * The audit trail's reads on {config} (issue 8): the Audit page's server pages (admins) and one entity's
 * history for the history panels, readable by whoever may read that entity.
 */
const auditRoutes: FastifyPluginAsync = async (app) => {
  const repo = new AuditRepository(app.db)
  const records = new RecordsRepository(app.db)

  app.get<{ Params: { page: string; size: string; filter: string } }>(
    '/api/Audit/page/:page/size/:size/filter/:filter',
    {
      config: { views: ADMIN_VIEWS },
      schema: {
        tags,
        summary: 'One page of the audit trail, newest first.',
        description:
          'filter is URL-encoded JSON: user (part of the user name), entity (' +
          Object.keys(AUDIT_ENTITIES).join(', ') +
          '), entityId, action (create | update | delete), from and to (ISO dates or times, inclusive), ' +
          'sortDirection (asc | desc). An update row holds only the changed fields, before and after.',
        params: textParams('page', 'size', 'filter'),
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { page, size } = parsePaging(request.params.page, request.params.size)
      const filter = parseFilter<AuditFilter>(request.params.filter, auditFilterSchema)
      return repo.page(filter, page, size)
    },
  )

  app.get<{ Params: { entity: string; id: string } }>(
    '/api/Audit/:entity/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: "One entity's history, oldest first.",
        description:
          'Readable by whoever may read the entity: reference data by internal staff, configurators and ' +
          "admins; a record by whoever may read the record (a supplier user only their supplier's). A " +
          "record's history includes the records linked to it as revisions (a /DataEntry edit).",
        params: textParams('entity', 'id'),
        response: { 200: { type: 'array', items: auditEntrySchema } },
      },
    },
    async (request) => {
      const { entity, id } = request.params
      if (!Object.hasOwn(AUDIT_ENTITIES, entity)) throw badRequest(`Unknown entity: ${entity}`)
      if (entity !== 'record') {
        if (!REFERENCE_READ_VIEWS.includes(request.user.view)) throw forbidden()
        // Impact cases (issue #15.3) are read by configurators and admins only, like the cases themselves.
        if (entity === 'impactCase' && !CONFIGURE_VIEWS.includes(request.user.view)) throw forbidden()
        return repo.history(entity as AuditEntity, [id])
      }
      const family = await repo.revisionFamily(id)
      const readable: string[] = []
      for (const member of family) if (await canReadRecord(records, member, request)) readable.push(member)
      if (!readable.includes(id)) throw notFound(RECORD_MESSAGES.recordNotFound(id))
      return repo.history('record', readable)
    },
  )
}

export default auditRoutes
