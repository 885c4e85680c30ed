/** Bodies and answers of `POST {auth}/api/token` (SPEC §7 Auth). */
import type { FromSchema } from 'json-schema-to-ts'

export const tokenRequestSchema = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['password', 'refresh_token'] },
    username: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 500 },
    refresh_token: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const

export type TokenRequest = FromSchema<typeof tokenRequestSchema>

export const tokenResponseSchema = {
  type: 'object',
  required: ['token', 'expires', 'refresh_token'],
  properties: {
    token: { type: 'string' },
    expires: { type: 'integer', description: 'Unix seconds at which the access token expires.' },
    refresh_token: { type: 'string' },
  },
} as const

export type TokenResponse = FromSchema<typeof tokenResponseSchema>

/** The answer of every failed call: the SPA shows 'API Error: {message}'. */
export const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, details: {} },
  additionalProperties: false,
} as const

export type ApiErrorBody = FromSchema<typeof errorSchema>

/** Body of `POST {auth}/api/logout`: the refresh token of the sign-in to end, form-encoded like the token call. */
export const logoutRequestSchema = {
  type: 'object',
  required: ['refresh_token'],
  properties: {
    refresh_token: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: 'The refresh token of the sign-in to end; every token of that sign-in is revoked.',
    },
  },
} as const

export type LogoutRequest = FromSchema<typeof logoutRequestSchema>

/** Refusals of the auth host and the bearer check that SPEC §8 does not word (docs/decisions.md). */
export const AUTH_MESSAGES = {
  refreshUnknown: 'The refresh token is not valid.',
  /** A used refresh token came back: theft, or two clients sharing one token. */
  refreshReused: 'The refresh token was already used; every session of this sign-in has been ended.',
  /** The token was revoked: Log Out, an earlier reuse, or the account changed (disabled, new password or claims). */
  sessionEnded: 'This session has ended. Sign in again.',
  refreshExpired: 'The refresh token has expired.',
  accountDisabled: 'This account is disabled. Ask an administrator to enable it.',
} as const
