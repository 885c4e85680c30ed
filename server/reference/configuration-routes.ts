import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import { newIdSchema } from '../../schemas/entities/attribute'
import {
  configurationEntrySchema,
  configurationWriteSchema,
  type ConfigurationWrite,
} from '../../schemas/entities/configuration'
import { customerSchema } from '../../schemas/entities/customer'
import { MESSAGES } from '../../schemas/messages'
import { badRequest } from '../http-error'
import { ConfigurationRepository } from './configuration'
import { CustomersRepository } from './customers'
import { textParams } from '../http-params'

const tags = ['configuration']

const repo = (request: Pick<FastifyRequest, 'db'>) => new ConfigurationRepository(request.db)
const customers = (request: Pick<FastifyRequest, 'db'>) => new CustomersRepository(request.db)

/** The domain lists: ITRCATEGORY and the descriptive domains. */
const domainListRoutes: FastifyPluginAsync = async (app) => {
  const list = async (request: Pick<FastifyRequest, 'db'> & { params: { domain: string } }) =>
    repo(request).list(request.params.domain)
  const listOptions = {
    // Supplier-view users need the record categories and descriptives for their own records.
    config: { views: RECORD_READ_VIEWS },
    schema: {
      tags,
      params: textParams('domain'),
      response: { 200: { type: 'array', items: configurationEntrySchema } },
    },
  }
  // SPEC §7 writes ITRCATEGORY with a trailing slash and the descriptive domains without one.
  app.get<{ Params: { domain: string } }>('/api/Configuration/:domain/', listOptions, list)
  app.get<{ Params: { domain: string } }>('/api/Configuration/:domain', listOptions, list)
}

/** Survey/repair descriptive writes: one body shape for add, update and delete. */
const descriptiveWriteRoutes: FastifyPluginAsync = async (app) => {
  const requireId = (body: ConfigurationWrite) => {
    if (body.id == null || body.id < 1)
      throw badRequest(MESSAGES.configuration.notFound(body.domain, String(body.id ?? '')))
    return body.id
  }
  // PUT and DELETE name the descriptive in the body; a POST creates one, whatever id its body holds.
  const writeOptions = (summary: string, response?: object, bodyId?: 'id') => ({
    config: { views: CONFIGURE_VIEWS, audit: { entity: 'configuration' as const, bodyId } },
    schema: {
      tags,
      summary,
      body: configurationWriteSchema,
      ...(response ? { response: { 200: response } } : {}),
    },
  })
  const routes: {
    method: 'POST' | 'PUT' | 'DELETE'
    summary: string
    handler: (
      body: ConfigurationWrite,
      reply: FastifyReply,
      repo: ConfigurationRepository,
    ) => Promise<unknown>
  }[] = [
    {
      method: 'POST',
      summary: 'Adds a survey/repair descriptive; returns its id.',
      handler: (body, _reply, repo) => repo.create(body),
    },
    {
      method: 'PUT',
      summary: 'Updates a survey/repair descriptive by id.',
      handler: async (body, reply, repo) => {
        await repo.update(requireId(body), body)
        return reply.status(204).send()
      },
    },
    {
      method: 'DELETE',
      summary: 'Deletes a survey/repair descriptive by domain and id.',
      handler: async (body, reply, repo) => {
        await repo.delete(body.domain, requireId(body))
        return reply.status(204).send()
      },
    },
  ]
  for (const route of routes) {
    for (const url of ['/api/Configuration/', '/api/Configuration']) {
      app.route<{ Body: ConfigurationWrite }>({
        method: route.method,
        url,
        ...(route.method === 'POST'
          ? writeOptions(route.summary, newIdSchema)
          : writeOptions(route.summary, undefined, 'id')),
        handler: (request, reply) => route.handler(request.body, reply, repo(request)),
      })
    }
  }
}

/** The customers a caller may pick. */
const customerRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/Customers',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags: ['customers'], response: { 200: { type: 'array', items: customerSchema } } },
    },
    async (request) => customers(request).listFor(request.user),
  )
}

/**
 * Configuration and lookups of SPEC §7 on {meta}: domain lists (ITRCATEGORY, the descriptive domains),
 * descriptive writes, and customers. The groups keep the routes' order.
 */
const configuration: FastifyPluginAsync = async (app) => {
  await app.register(domainListRoutes)
  await app.register(descriptiveWriteRoutes)
  await app.register(customerRoutes)
}

export default configuration
