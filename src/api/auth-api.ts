import { MESSAGES } from '../../schemas/messages'
import type { TokenResponse } from '../../schemas/auth'
import { hostUrl } from './app-config'
import { readSession, storeTokens } from './session-storage'

/** POST {auth}/api/token, form-encoded, no bearer (SPEC §7 Auth). */
function postToken(fields: Record<string, string>): Promise<Response> {
  return fetch(`${hostUrl('auth')}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

/**
 * Signs in with the password grant and stores the tokens. Rejects with the SPEC §8 login texts:
 * 'User is Unauthorized.' on 401, 'Response {status}: {statusText}' on other failures,
 * 'An error has occurred: {error}' when the network fails.
 */
export async function login(username: string, password: string): Promise<void> {
  let res: Response
  try {
    res = await postToken({ grant_type: 'password', username, password })
  } catch (error) {
    throw new Error(MESSAGES.login.network(error instanceof Error ? error.message : String(error)))
  }
  if (res.status === 401) throw new Error(MESSAGES.login.unauthorized)
  if (!res.ok) throw new Error(MESSAGES.login.response(res.status, res.statusText))
  storeTokens((await res.json()) as TokenResponse)
}

let inFlight: Promise<void> | null = null

/**
 * Exchanges the stored refresh token for new tokens (rotation). Concurrent callers share one request,
 * since the server rejects a refresh token used twice. Rejects with the SPEC §8 refresh texts.
 */
export function refreshTokens(): Promise<void> {
  inFlight ??= (async () => {
    const refreshToken = readSession().refreshToken
    if (!refreshToken) throw new Error(MESSAGES.generic.noRefreshToken)
    const res = await postToken({ grant_type: 'refresh_token', refresh_token: refreshToken })
    if (!res.ok) throw new Error(MESSAGES.generic.refreshFailed(res.status, res.statusText))
    storeTokens((await res.json()) as TokenResponse)
  })().finally(() => {
    inFlight = null
  })
  return inFlight
}
