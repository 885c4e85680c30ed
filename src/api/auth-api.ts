import { MESSAGES } from '../../schemas/messages'
import type { TokenResponse } from '../../schemas/auth'
import { hostUrl } from './app-config'
import { hasValidToken, readSession, storeTokens } from './session-storage'

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

/** The Web Lock every tab of this origin takes around a refresh (they share one refresh token). */
export const REFRESH_LOCK = 'itr-refresh'

/**
 * Exchanges the stored refresh token for new tokens (rotation). Concurrent callers in this tab share one
 * request, and tabs take turns through the Web Lock {@link REFRESH_LOCK}: the server rotates a refresh
 * token once and ends the whole sign-in when the same token comes back, and every tab reads the same token
 * from local storage. Inside the lock the stored session is read again; when another tab has rotated
 * meanwhile, its new tokens (already in local storage) are used and no call is made. Where the browser
 * has no Web Locks, only this tab's calls are shared, as before. Rejects with the SPEC §8 refresh texts.
 */
export function refreshTokens(): Promise<void> {
  inFlight ??= (async () => {
    const seen = readSession().refreshToken
    if (!seen) throw new Error(MESSAGES.generic.noRefreshToken)
    await withRefreshLock(async () => {
      const session = readSession()
      if (!session.refreshToken) throw new Error(MESSAGES.generic.noRefreshToken)
      // Another tab rotated while this one waited: its tokens are ours too.
      if (session.refreshToken !== seen && hasValidToken(session)) return
      const res = await postToken({ grant_type: 'refresh_token', refresh_token: session.refreshToken })
      if (!res.ok) throw new Error(MESSAGES.generic.refreshFailed(res.status, res.statusText))
      storeTokens((await res.json()) as TokenResponse)
    })
  })().finally(() => {
    inFlight = null
  })
  return inFlight
}

/** Runs `task` holding the cross-tab refresh lock, or straight away where Web Locks are missing. */
function withRefreshLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request(REFRESH_LOCK, task) : task()
}

/** How long Log Out waits for the server before it carries on (the call is kept alive past the reload). */
const LOG_OUT_WAIT_MS = 3_000

/**
 * Log Out on the server: `POST {auth}/api/logout` with the refresh token, form-encoded like the token
 * call, which ends this sign-in (its refresh and access tokens). Best effort: it never rejects, and gives
 * up waiting after a few seconds, so an unreachable server does not keep anyone signed in here.
 */
export async function logoutOnServer(refreshToken: string | null): Promise<void> {
  if (!refreshToken) return
  const call = fetch(`${hostUrl('auth')}/api/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ refresh_token: refreshToken }).toString(),
    // Let the call finish even when the page reloads first.
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOG_OUT_WAIT_MS)))
  await Promise.race([call, waited])
  clearTimeout(timer)
}
