import type { RouteOptions } from 'fastify'
import type { RoleView } from '../../schemas/roles'
import { startTestServer, type TestServer } from './api'

/** One service route as the app registered it: what the access matrix and the fuzzer work from. */
export interface RouteInfo {
  method: string
  /** The full URL pattern, prefix included (e.g. `/svc/meta/api/assetmodels/:id`). */
  url: string
  /** `config.public`: no bearer token needed. */
  public: boolean
  /** `config.views`: the role views the route admits; undefined means any signed-in user. */
  views?: readonly RoleView[]
  /** The JSON Schemas the route validates with. */
  schema: { body?: unknown; params?: unknown; querystring?: unknown }
}

/** `METHOD url`, the key of a route in the matrix. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`

/**
 * A test server (startTestServer) that records every route under /svc as it is registered, through the
 * app's onRoute hook, so a new route shows up here without anyone listing it. HEAD routes that Fastify
 * adds for each GET share the GET's options and are left out.
 */
export async function startRecordingServer(
  overrides: Parameters<typeof startTestServer>[0] = {},
): Promise<{ server: TestServer; routes: RouteInfo[] }> {
  const routes: RouteInfo[] = []
  const record = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const url = route.url
    if (!url?.startsWith('/svc/')) return
    const config = (route.config ?? {}) as { public?: boolean; views?: readonly RoleView[] }
    const schema = (route.schema ?? {}) as RouteInfo['schema']
    for (const method of methods) {
      if (method === 'HEAD') continue
      routes.push({
        method,
        url,
        public: Boolean(config.public),
        views: config.views,
        schema: { body: schema.body, params: schema.params, querystring: schema.querystring },
      })
    }
  }
  const server = await startTestServer(overrides, { onRoute: record })
  return { server, routes }
}
