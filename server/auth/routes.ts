import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import {
  AUTH_MESSAGES,
  errorSchema,
  logoutRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  type LogoutRequest,
  type TokenRequest,
} from '../../schemas/auth'
import { badRequest, HttpError, unauthorized } from '../http-error'
import { LoginAttemptsRepository, lockoutPolicy } from './login-attempts'
import type { UsersRepository } from './users'
import type { RefreshTokensRepository } from './refresh-tokens'
import type { AccessTokens } from './access-tokens'

export interface AuthServiceOptions {
  users: UsersRepository
  refreshTokens: RefreshTokensRepository
  tokens: AccessTokens
  loginRateLimit: number
}

/**
 * The {auth} host: `POST /api/token`, form-encoded, for the password and refresh_token grants
 * (SPEC §7 Auth), and `POST /api/logout`, which ends the sign-in of a refresh token (Log Out).
 * Password attempts are rate-limited per client address and username, and a username is locked after
 * repeated wrong passwords (server/auth/login-attempts.ts, docs/security.md).
 */
const authService: FastifyPluginAsync<AuthServiceOptions> = async (app, opts) => {
  await app.register(formbody)
  await app.register(rateLimit, { global: false })
  // Lockout per username and client address, plus per address over all usernames (login-attempts.ts).
  const attempts = new LoginAttemptsRepository(app.db, lockoutPolicy())

  app.post<{ Body: TokenRequest }>(
    '/api/token',
    {
      config: {
        public: true,
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          // Only password attempts are limited: a refresh token is a 256-bit secret nobody guesses, and
          // every session behind one address (an office's NAT) refreshes through the same bucket.
          allowList: (req) => (req.body as TokenRequest | undefined)?.grant_type === 'refresh_token',
          keyGenerator: (req) => `${req.ip}|${(req.body as TokenRequest | undefined)?.username ?? ''}`,
          errorResponseBuilder: (_req, ctx) => ({
            statusCode: 429,
            message: `Too many sign-in attempts. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
          }),
        },
      },
      schema: {
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const body = request.body
      if (body.grant_type === 'password') {
        if (!body.username || !body.password) throw badRequest('username and password are required.')
        const { username, password } = body
        // The attempt is counted before the (slow) hash check, so parallel guesses cannot outrun the lock.
        const { lock, value: user } = await attempts.attempt(username, request.ip, () =>
          opts.users.verify(username, password),
        )
        if (lock) throw new HttpError(429, lock.message)
        if (!user) throw unauthorized('User is Unauthorized.')
        // The access token names its sign-in (the refresh-token family), so ending it ends both.
        const sessionId = randomUUID()
        const access = await opts.tokens.sign(user, sessionId)
        return { ...access, refresh_token: await opts.refreshTokens.issue(user.id, sessionId) }
      }
      if (!body.refresh_token) throw badRequest('refresh_token is required.')
      const rotated = await opts.refreshTokens.rotate(body.refresh_token)
      if (!rotated.ok) throw unauthorized(REFRESH_FAILURES[rotated.reason])
      const user = await opts.users.findById(rotated.userId)
      if (!user || user.disabled) throw unauthorized('User is Unauthorized.')
      const access = await opts.tokens.sign(user, rotated.familyId)
      return { ...access, refresh_token: rotated.token }
    },
  )

  // Log Out. Authenticated by the refresh token itself, form-encoded like the token call (SPEC §7: auth
  // calls carry no bearer). Idempotent: an unknown, used or already revoked token answers 204 as well,
  // so the answer tells nothing about a token, and a retried Log Out never fails.
  app.post<{ Body: LogoutRequest }>(
    '/api/logout',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Ends the sign-in of a refresh token',
        description:
          'Revokes every refresh token of the sign-in the given token belongs to; its access tokens are ' +
          'refused within a few seconds. Answers 204 whether or not the token was known.',
        consumes: ['application/x-www-form-urlencoded'],
        security: [],
        body: logoutRequestSchema,
        response: { 204: { type: 'null', description: 'The sign-in is ended.' }, 400: errorSchema },
      },
    },
    async (request, reply) => {
      await opts.refreshTokens.revokeByToken(request.body.refresh_token)
      return reply.status(204).send()
    },
  )
}

const REFRESH_FAILURES = {
  unknown: AUTH_MESSAGES.refreshUnknown,
  reused: AUTH_MESSAGES.refreshReused,
  revoked: AUTH_MESSAGES.sessionEnded,
  expired: AUTH_MESSAGES.refreshExpired,
} as const

export default authService
