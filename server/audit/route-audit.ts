import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify'
import type { AuditEntity } from '../../schemas/audit'
import type { Db } from '../db/client'
import { revisionOfParam } from '../http-params'
import { RecordsRepository } from '../records/records'
import { runInScope } from './context'
import { lockForAudit, readEntity } from './entities'
import { changeOf, snapshot } from './snapshot'
import { audit, auditCreation } from './write'

/** How a write route names the entity it changes. */
export interface AuditRoute {
  entity: AuditEntity
  /** The id of the changed entity from the request; by default the `id` (or `productTypeId`) path
   * parameter, else the body field `bodyId` names. When there is none the route creates the entity and
   * its id is taken from the answer (a number, or `recordId`/`id`). */
  id?: (request: FastifyRequest) => string | undefined
  /**
   * The body field that names the changed entity, for the SPEC calls that name it there (`DELETE Mapping`,
   * `PUT`/`DELETE Configuration`). Only routes that declare it read it: a body field on any other route,
   * a create's above all, is the caller's word, and would log the create as an unchanged other entity
   * (nothing) instead of the new one (audit s9 F1).
   */
  bodyId?: 'id' | 'subjectId'
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route writes this entity: it runs in one transaction with its audit row (server/audit). */
    audit?: AuditEntity | AuditRoute
  }
  interface FastifyRequest {
    /**
     * The request's unit of work: for an audited route, the one transaction its change, the reads before
     * and after and its audit row share; for any other route, the root database. Repositories of an
     * audited handler are built on it (`new XRepository(request.db)`), so the boundary is in plain sight.
     */
    db: Db
  }
}

const field = (source: unknown, name: string): string | undefined => {
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}

/** The entity id a request names before the change (undefined for a create). */
function idBefore(route: AuditRoute, request: FastifyRequest): string | undefined {
  if (route.id) return route.id(request)
  return (
    field(request.params, 'id') ??
    field(request.params, 'productTypeId') ??
    (route.bodyId ? field(request.body, route.bodyId) : undefined)
  )
}

/** The id of a created entity from the route's answer. */
function idFromResult(result: unknown): string | undefined {
  if (typeof result === 'number') return String(result)
  return field(result, 'recordId') ?? field(result, 'id')
}

/**
 * `?revisionOf={id}` on a record submission: the stored record revises that one (a /DataEntry edit of a
 * category the server does not edit in place). The caller must be able to read the revised record.
 */
async function revisionOf(db: Db, request: FastifyRequest): Promise<string | undefined> {
  const id = revisionOfParam(request.query)
  if (id === undefined) return undefined
  await new RecordsRepository(db).get(id, request.user)
  // The id as the record's history finds it: '031' names record 31.
  return String(id)
}

/** A request's audited write: `sending` when the handler sent its answer itself, `done` once committed. */
interface Pending {
  sending: Promise<void>
  sent: () => void
  /** Settles with the transaction's error, or undefined once it committed. */
  done: Promise<unknown>
}

/** Nothing is left to return: the handler sent its answer itself. */
const SENT = Symbol('sent')

/**
 * Wraps an audited route's handler: one transaction (every repository query of the request goes to it,
 * see context.ts) locks the entity (`lockForAudit`) and reads it, runs the handler, reads the entity
 * again and writes the audit row.
 * A rejected write rolls back and logs nothing.
 */
function wrap(root: Db, route: AuditRoute, handler: RouteHandlerMethod, pending: WeakMap<object, Pending>) {
  return async function audited(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    let settle!: (error: unknown) => void
    let sent!: () => void
    const state: Pending = {
      sending: new Promise<void>((resolve) => (sent = resolve)),
      sent: () => sent(),
      done: new Promise((resolve) => (settle = resolve)),
    }
    pending.set(request, state)
    try {
      const result = await root.transaction((tx) =>
        runInScope(tx as unknown as Db, async () => {
          const db = tx as unknown as Db
          request.db = db
          const link = route.entity === 'record' ? await revisionOf(db, request) : undefined
          const known = idBefore(route, request)
          // Before reading "before": a concurrent write of the same entity commits first (entities.ts).
          if (known) await lockForAudit(db, route.entity, known)
          const before = known ? snapshot(await readEntity(db, route.entity, known)) : null
          // A reply is thenable and settles only once it has been written, which waits for this
          // transaction (onSend below): a handler that sends itself is done when its answer is sent.
          const running = Promise.resolve(
            (handler as (...a: unknown[]) => unknown).call(this, request, reply),
          ).then((value) => ({ value }))
          running.catch(() => undefined)
          const outcome = await Promise.race([running, state.sending.then(() => SENT)])
          const answer = typeof outcome === 'symbol' ? undefined : outcome.value
          const id = known ?? idFromResult(answer)
          if (id !== undefined) {
            const change = changeOf(before, snapshot(await readEntity(db, route.entity, id)))
            if (change) {
              const { id: userId, username, view } = request.user
              await (change.action === 'create' ? auditCreation : audit)(db, {
                actor: { id: userId, username, view },
                entity: route.entity,
                entityId: id,
                ...change,
                revisionOf: change.action === 'create' ? link : undefined,
              })
            }
          }
          return outcome === SENT || answer === reply ? SENT : { answer }
        }),
      )
      settle(undefined)
      return result === SENT ? reply : result.answer
    } catch (error) {
      settle(error)
      throw error
    } finally {
      request.db = root
    }
  }
}

/**
 * The audit trail's route side: every route whose config names an `audit` entity runs in one
 * transaction with its audit row. Register before the services (it sees routes as they are added).
 */
export default fp(
  async (app, opts: { root: Db }) => {
    const pending = new WeakMap<object, Pending>()
    // Every request starts on the root database; an audited handler's wrapper swaps in its transaction.
    app.decorateRequest('db', null as never)
    // Callback hooks: an async one would cost every request a promise and its microtasks.
    app.addHook('onRequest', (request, _reply, done) => {
      request.db = opts.root
      done()
    })
    app.addHook('onRoute', (options: RouteOptions) => {
      const config = options.config as { audit?: AuditEntity | AuditRoute } | undefined
      if (!config?.audit) return
      const route = typeof config.audit === 'string' ? { entity: config.audit } : config.audit
      options.handler = wrap(opts.root, route, options.handler, pending) as RouteHandlerMethod
    })
    // A handler that sends its answer itself (`reply.status(204).send()`) does so before the transaction
    // commits: hold that answer until the commit, and turn it into the error when the commit failed.
    app.addHook('onSend', (request, reply, payload, done) => {
      const state = pending.get(request)
      if (!state) return done(null, payload)
      pending.delete(request)
      state.sent()
      void state.done.then((error) => {
        if (error && reply.statusCode < 400) done(error as Error)
        else done(null, payload)
      })
    })
  },
  { name: 'audit-trail' },
)
