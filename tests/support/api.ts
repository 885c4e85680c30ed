import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import type {
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse as InjectResponse,
  RouteOptions,
} from 'fastify'
import { buildApp } from '../../server/app'
import { readConfig, servicePrefix, type ServerConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDemoData } from '../../server/seed/demo'
import type { Host } from '../../schemas/config'
import type { RoleView } from '../../schemas/roles'

declare module 'vitest' {
  export interface ProvidedContext {
    /** What every API test server starts from: a PGlite dump, or a PostgreSQL template database. */
    apiSnapshot: { pgliteDump?: string; pgTemplate?: string }
  }
}

/** Demo usernames by role view (see server/seed/demo-users.ts). */
export const DEMO_USER: Record<Exclude<RoleView, 'none'>, { username: string; password: string }> = {
  viewAll: { username: 'admin', password: 'admin-demo' },
  configurator: { username: 'configurator', password: 'configurator-demo' },
  internal: { username: 'internal', password: 'internal-demo' },
  supplier: { username: 'supplier', password: 'supplier-demo' },
}

export interface TestServer {
  app: FastifyInstance
  database: Database
  config: ServerConfig
  /** Signs in a demo user and returns its bearer token. */
  tokenFor(view: Exclude<RoleView, 'none'>): Promise<string>
  /** Signs in any user (e.g. the reviewer and approver demo logins) and returns its bearer token. */
  tokenOf(username: string, password: string): Promise<string>
  /** `app.inject` against a service host with an optional bearer (a role view or a raw token). */
  call(
    host: Host,
    method: InjectOptions['method'],
    path: string,
    options?: {
      as?: Exclude<RoleView, 'none'>
      token?: string
      body?: unknown
      headers?: Record<string, string>
    },
  ): Promise<InjectResponse>
  close(): Promise<void>
}

/**
 * A server on a fresh database with the demo data: in-memory PGlite by default, or the PostgreSQL
 * database named by TEST_DATABASE_URL (a fresh database per call). Each starts from the migrated and
 * seeded snapshot the API project's global setup prepared once (tests/api/global-setup.ts), so a
 * test file does not pay for migrations and seeding. Tokens are cached per role.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  hooks: { onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestServer> {
  // Files the server writes (the export outbox) go to a directory of this server's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-api-'))
  const config = { ...readConfig({}), dataDir, distDir: '/nonexistent', loginRateLimit: 1000, ...overrides }
  const database = await openTestDatabase()
  await database.migrate() // a no-op on the snapshot; kept so a stale snapshot still gets new migrations
  const app = await buildApp({ config, database, onRoute: hooks.onRoute })
  await app.ready()
  const tokens = new Map<string, string>()
  const server: TestServer = {
    app,
    database,
    config,
    async tokenFor(view) {
      const cached = tokens.get(view)
      if (cached) return cached
      const token = await server.tokenOf(DEMO_USER[view].username, DEMO_USER[view].password)
      tokens.set(view, token)
      return token
    },
    async tokenOf(username, password) {
      const res = await app.inject({
        method: 'POST',
        url: `${servicePrefix('auth')}/api/token`,
        payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`)
      return res.json().token as string
    },
    async call(host, method, path, options = {}) {
      const token = options.token ?? (options.as ? await server.tokenFor(options.as) : undefined)
      return app.inject({
        method,
        url: `${servicePrefix(host)}${path}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
        ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
      })
    },
    async close() {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return server
}

async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  const snapshot = inject('apiSnapshot')
  if (!url) {
    const dump = new Blob([fs.readFileSync(snapshot.pgliteDump!)])
    return openDatabase({ dataDir: 'memory://', loadDataDir: dump })
  }
  // One database per test server keeps files independent on a shared PostgreSQL; copying the
  // seeded template is much faster than migrating and seeding again.
  const name = `itr_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${snapshot.pgTemplate}`)
  return openDatabase({ url: withDatabase(url, name), poolSize: 4 })
}

/** Runs one statement on the server of `url` through its own short connection. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** `url` pointing at another database of the same server. */
export function withDatabase(url: string, name: string): string {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/** Migrates and seeds a database, the state every test server starts from. */
export async function prepareSeededDatabase(database: Database): Promise<void> {
  await database.migrate()
  await seedDemoData(database.db)
}
