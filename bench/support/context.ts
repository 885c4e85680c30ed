import { buildApp } from '../../server/app'
import { readConfig, servicePrefix } from '../../server/config'
import type { Database } from '../../server/db/client'
import { seedDemoData } from '../../server/seed/demo'
import type { RoleView } from '../../schemas/roles'
import type { BenchContext, TargetKind } from '../types'

/** Demo logins (server/seed/demo-users.ts) the benchmarks sign in with. */
const DEMO_PASSWORDS: Record<Exclude<RoleView, 'none'>, [string, string]> = {
  viewAll: ['admin', 'admin-demo'],
  configurator: ['configurator', 'configurator-demo'],
  internal: ['internal', 'internal-demo'],
  supplier: ['supplier', 'supplier-demo'],
}

/** Migrates and seeds `database`, builds the app on it, and returns the context benchmarks use. */
export async function createContext(kind: TargetKind, database: Database): Promise<BenchContext> {
  await database.migrate()
  await seedDemoData(database.db)
  const config = { ...readConfig({}), distDir: '/nonexistent', loginRateLimit: 1_000_000 }
  const app = await buildApp({ config, database })
  await app.ready()
  const tokens = new Map<string, string>()
  const context: BenchContext = {
    kind,
    database,
    app,
    async tokenFor(view) {
      const cached = tokens.get(view)
      if (cached) return cached
      const [username, password] = DEMO_PASSWORDS[view]
      const res = await context.call('auth', 'POST', '/api/token', {
        body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      const token = res.json().token as string
      tokens.set(view, token)
      return token
    },
    async call(host, method, path, options = {}) {
      const token = options.token ?? (options.as ? await context.tokenFor(options.as) : undefined)
      const res = await app.inject({
        method,
        url: `${servicePrefix(host)}${path}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
        ...(options.body !== undefined ? { payload: options.body as string } : {}),
      })
      if (res.statusCode >= 300)
        throw new Error(`${method} ${host}${path} answered ${res.statusCode}: ${res.body}`)
      return res
    },
  }
  return context
}
