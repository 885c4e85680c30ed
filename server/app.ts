import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import swagger from '@fastify/swagger'
import ajvErrors from 'ajv-errors'
import type { Plugin } from 'ajv'
import { appConfigSchema } from '../schemas/config'
import { schemaErrorFormatter } from './plugins/errors'
import { publicConfig, servicePrefix, type ServerConfig } from './config'
import type { Database, Db } from './db/client'
import authenticate from './plugins/authenticate'
import errors from './plugins/errors'
import security from './plugins/security'
import spa from './plugins/spa'
import { UsersRepository } from './auth/users'
import { RefreshTokensRepository } from './auth/refresh-tokens'
import { loadJwtSecret } from './db/settings'
import { AccessTokens } from './auth/access-tokens'
import { readSessionState } from './auth/session-state'
import authService from './auth/routes'
import { HOST_ROUTES } from './hosts'
import auditTrail from './audit/route-audit'
import { guardedDb } from './audit/context'

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database every repository works on. */
    db: Db
    /** The server configuration read at start. */
    settings: ServerConfig
  }
}

export interface BuildOptions {
  config: ServerConfig
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Sees every route as it is added, with its options (the access-matrix and fuzz tests list routes this way). */
  onRoute?: (route: RouteOptions) => void
}

/**
 * How request bodies are checked: allErrors lets ajv-errors attach the SPEC's messages (schemas'
 * `errorMessage`) to any failure; nothing is coerced or removed, so a body is taken as sent or refused.
 * Exported for the tests that compare the browser's validator with the server's.
 */
export const AJV_OPTIONS = {
  customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false },
  plugins: [ajvErrors as Plugin<unknown>],
}

/**
 * Builds the Fastify app: cross-cutting plugins, then one plugin per service host of SPEC §7 under its
 * own prefix, then /config.json and the SPA. The database is opened (and migrated) by the caller and
 * closed when the app closes.
 */
export async function buildApp({
  config,
  database,
  logger = false,
  onRoute,
}: BuildOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 30 * 1024 * 1024,
    // The paging calls carry their filter as URL-encoded JSON in one path segment (SPEC §7).
    routerOptions: { maxParamLength: 8192 },
    ajv: AJV_OPTIONS,
    schemaErrorFormatter,
  })
  if (onRoute) app.addHook('onRoute', onRoute)
  app.decorate('db', guardedDb(database.db))
  app.decorate('settings', config)
  app.addHook('onClose', async () => database.close())

  const users = new UsersRepository(database.db)
  const refreshTokens = new RefreshTokensRepository(database.db, config.refreshTokenTtlSeconds)
  const tokens = new AccessTokens(
    await loadJwtSecret(database.db, config.jwtSecret),
    config.accessTokenTtlSeconds,
  )

  await app.register(errors)
  await app.register(security, { connectSources: externalOrigins(config) })
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.title} API`, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  })
  await app.register(authenticate, {
    tokens,
    readSessionState: (userId, sessionId) => readSessionState(database.db, userId, sessionId),
  })
  await app.register(auditTrail, { root: database.db })

  await app.register(authService, {
    prefix: servicePrefix('auth'),
    users,
    refreshTokens,
    tokens,
    loginRateLimit: config.loginRateLimit,
  })
  for (const [host, routes] of Object.entries(HOST_ROUTES)) {
    await app.register(
      async (scope) => {
        for (const route of routes) await scope.register(route)
      },
      { prefix: servicePrefix(host as keyof typeof HOST_ROUTES) },
    )
  }

  app.get(
    '/config.json',
    { config: { public: true }, schema: { hide: true, response: { 200: appConfigSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache')
      return publicConfig(config)
    },
  )
  app.get('/svc/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  )

  await app.register(spa, { distDir: config.distDir })
  return app
}

/** Origins of hosts configured to live elsewhere, which the CSP must let the SPA call. */
function externalOrigins(config: ServerConfig): string[] {
  return Object.values(config.hosts)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin)
}
