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
