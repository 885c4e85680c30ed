import fp from 'fastify-plugin'
import { decodeJwt } from 'jose'
import type { RoleView } from '../../schemas/roles'
import { Viewer } from '../access/viewer'
import { forbidden, unauthorized } from '../http-error'
import type { AccessTokens, SessionUser } from '../auth/access-tokens'
import { SessionStates, SESSION_CHECK_MS, type SessionState } from '../auth/session-state'
import { AUTH_MESSAGES } from '../../schemas/auth'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no bearer token (token endpoint, /config.json, the SPA). */
    public?: boolean
    /** Role views allowed to call the route; absent means any signed-in user. */
    views?: readonly RoleView[]
  }
  interface FastifyRequest {
    /** The verified caller and its scope (server/access/viewer.ts); set on every non-public route. */
    user: Viewer
  }
}

/** How long a verified token is taken on trust without checking its signature again. */
const CACHE_MS = 30_000
/** Verified tokens kept at most; the cache starts afresh when full (a burst of sign-ins, not a leak). */
const CACHE_ENTRIES = 5_000

/**
 * Verified access tokens for a short while. Checking an HS256 signature goes through WebCrypto (a
 * round trip to libuv's thread pool), which cost a records page 0.5 ms at the median and up to 9 ms
 * on a loaded machine (docs/performance.md). A hit is only an exact token string seen verified before,
 * so nothing is taken on trust that was not checked; it lapses at the token's own expiry (the answer
 * is then "expired", as without the cache) or after CACHE_MS, whichever comes first. Whether the
 * token's sign-in still stands (Log Out, a disabled user) is a separate check with its own shorter
 * window (server/auth/session-state.ts), so this cache only ever skips the signature.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>()

  get(token: string, now: number): SessionUser | undefined {
    const entry = this.entries.get(token)
    if (!entry) return undefined
    if (entry.until > now) return entry.user
    this.entries.delete(token)
    return undefined
  }

  set(token: string, user: SessionUser, now: number): void {
    const exp = decodeJwt(token).exp
    // jose refuses a token once now >= exp (whole seconds): the entry must lapse no later.
    const until = Math.min(now + CACHE_MS, typeof exp === 'number' ? exp * 1000 : now)
    if (until <= now) return
    if (this.entries.size >= CACHE_ENTRIES) this.entries.clear()
    this.entries.set(token, { user, until })
  }
}

/** The refusal for a token whose sign-in no longer stands, or undefined to admit it. */
const refusalOf = (state: SessionState) =>
  state === 'active'
    ? undefined
    : unauthorized(state === 'disabled' ? AUTH_MESSAGES.accountDisabled : AUTH_MESSAGES.sessionEnded)

export interface AuthenticateOptions {
  tokens: AccessTokens
  /** Reads whether a token's sign-in still stands (server/auth/session-state.ts). */
  readSessionState: (userId: number, sessionId?: string) => Promise<SessionState>
  /** How long a session's state is taken as read (default SESSION_CHECK_MS; 0 reads it on every request). */
  sessionCheckMs?: number
}

/**
 * Every service route (under /svc) needs a valid bearer token unless it is marked `config.public`, and a route that lists
 * `config.views` admits only those role views (DESIGN.md §6). A valid token is refused once its sign-in
 * has ended or its user is disabled (within a few seconds). Enforced here once, not per route.
 */
export default fp(
  async (app, opts: AuthenticateOptions) => {
    app.decorateRequest('user', null as never)
    const verifiedTokens = new VerifiedTokens()
    const sessions = new SessionStates(opts.readSessionState, opts.sessionCheckMs ?? SESSION_CHECK_MS)
    // A callback hook with a synchronous path for a cached token: an async hook would cost every
    // request a promise and its microtasks; only a token not verified lately waits for WebCrypto.
    app.addHook('onRequest', (request, _reply, done) => {
      // The SPA's files and /config.json are public; every service route under /svc needs a token.
      const config = request.routeOptions.config
      const url = request.routeOptions.url
      if (config?.public || !url || !url.startsWith('/svc/')) return done()
      const header = request.headers.authorization
      // The scheme is case-insensitive (RFC 6750 §2.1, RFC 9110 §11.1): 'bearer x' is 'Bearer x'.
      const token = /^bearer +/i.test(header ?? '') ? header!.replace(/^bearer +/i, '').trim() : undefined
      if (!token) return done(unauthorized('A bearer token is required.'))
      const now = Date.now()
      const admit = (verified: SessionUser) => {
        request.user = new Viewer(verified)
        done(config?.views && !config.views.includes(request.user.view) ? forbidden() : undefined)
      }
      // Signature first (cached), then whether the sign-in stands (cached for a few seconds).
      const admitIfActive = (verified: SessionUser) => {
        const known = sessions.get(verified.id, verified.sessionId, now)
        if (known) {
          const refusal = refusalOf(known)
          return refusal ? done(refusal) : admit(verified)
        }
        sessions
          .load(verified.id, verified.sessionId)
          .then((state) => {
            const refusal = refusalOf(state)
            return refusal ? done(refusal) : admit(verified)
          })
          .catch(done)
      }
      const verified = verifiedTokens.get(token, now)
      if (verified) return admitIfActive(verified)
      opts.tokens
        .verify(token)
        .then((answer) => {
          if (answer === 'expired') return done(unauthorized('The access token has expired.'))
          if (answer === 'invalid') return done(unauthorized('The access token is not valid.'))
          verifiedTokens.set(token, answer, now)
          admitIfActive(answer)
        })
        .catch(done)
    })
  },
  { name: 'authenticate' },
)
