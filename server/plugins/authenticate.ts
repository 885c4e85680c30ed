import fp from 'fastify-plugin'
import { viewFromClaims, type RoleView } from '../../schemas/roles'
import { forbidden, unauthorized } from '../http-error'
import type { AccessTokens, SessionUser } from '../services/auth/access-tokens'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no bearer token (token endpoint, /config.json, the SPA). */
    public?: boolean
    /** Role views allowed to call the route; absent means any signed-in user. */
    views?: readonly RoleView[]
  }
  interface FastifyRequest {
    /** The verified caller; set on every non-public route. */
    user: SessionUser & { view: RoleView }
  }
}

/**
 * Every service route (under /svc) needs a valid bearer token unless it is marked `config.public`, and a route that lists
 * `config.views` admits only those role views (DESIGN.md §6). Enforced here once, not per route.
 */
export default fp(
  async (app, opts: { tokens: AccessTokens }) => {
    app.decorateRequest('user', null as never)
    app.addHook('onRequest', async (request) => {
      // The SPA's files and /config.json are public; every service route under /svc needs a token.
      const config = request.routeOptions.config
      const url = request.routeOptions.url
      if (config?.public || !url || !url.startsWith('/svc/')) return
      const header = request.headers.authorization
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined
      if (!token) throw unauthorized('A bearer token is required.')
      const verified = await opts.tokens.verify(token)
      if (verified === 'expired') throw unauthorized('The access token has expired.')
      if (verified === 'invalid') throw unauthorized('The access token is not valid.')
      const view = viewFromClaims(verified.claims)
      request.user = { ...verified, view }
      if (config?.views && !config.views.includes(view)) throw forbidden()
    })
  },
  { name: 'authenticate' },
)
