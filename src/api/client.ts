import type { Host } from '../../schemas/config'
import { MESSAGES } from '../../schemas/messages'
import { hostUrl } from './app-config'
import { refreshTokens } from './auth-api'
import { sessionExpiry } from './session-expiry'
import { clearSession, hasValidToken, readSession, userOfToken } from './session-storage'

/** A failed call. `message` is the server's message when it gave one; pages show 'API Error: {message}'. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Why a request was not sent again: the session now belongs to another user (audit s9 S1). */
export const SESSION_CHANGED = 'Signed in as another user: the request was not sent again.'

/**
 * A request stopped because the session's user changed while it ran (signed out, then someone else signed
 * in, in this tab or another). Without a status, like an unreachable server: the server did not answer it
 * for its user, so a save keeps its outbox entry for that user instead of dropping it.
 */
export class SessionChangedError extends ApiError {
  constructor() {
    super(SESSION_CHANGED)
    this.name = 'SessionChangedError'
  }
}

/**
 * Binds a request to one user (audit s9 S1): the user of the token stored when it begins (expired or not),
 * or, when there was none, the user of the first token it is sent with. The answered check throws
 * {@link SessionChangedError} when the stored token is another user's, so a request is never sent, or
 * resent after a refresh or a sign-in, with the next user's token: the server would store the first user's
 * work as the second's. Call the check right before each send, in the same tick.
 */
export function bindToUser(owner: string | null = userOfToken()): () => void {
  return () => {
    const user = userOfToken()
    owner ??= user
    if (user !== owner) throw new SessionChangedError()
  }
}

/** What a page shows for a failed call (SPEC §8 "Generic"). */
export const describeError = (error: unknown): string =>
  MESSAGES.generic.apiError(error instanceof Error ? error.message : String(error))

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON unless it is FormData or a Blob. */
  body?: unknown
  query?: Record<string, string | number | boolean | undefined | null>
  signal?: AbortSignal
  /** Answer the raw Response (files) instead of parsed JSON. */
  raw?: boolean
  /** Extra request headers, e.g. an Idempotency-Key for submissions. */
  headers?: Record<string, string>
}

/** Where the app goes when the session cannot be kept and no login modal can show; replaced in unit tests. */
export const navigation = {
  toLogin: () => {
    const back = window.location.pathname + window.location.search
    window.location.assign(`/login?returnTo=${encodeURIComponent(back)}`)
  },
}

/**
 * The session cannot be kept. With the shell up, the login modal shows over the page and this resolves
 * once the user has signed in again, so the caller resends its request (issue #18.4); otherwise the token
 * is removed and the user sent to login (SPEC §4).
 */
export async function sessionLost(): Promise<void> {
  const again = sessionExpiry.waitForSignIn()
  if (again) return again
  clearSession()
  navigation.toLogin()
  throw new ApiError(MESSAGES.generic.redirecting, 401)
}

/**
 * Refreshes the token; when the server refuses, the session is lost (see {@link sessionLost}). When it
 * cannot be reached (offline), the call fails as unreachable instead, so a save offline goes to the outbox
 * and nobody is signed out.
 */
export async function refreshOrSignIn(): Promise<void> {
  try {
    await refreshTokens()
  } catch (error) {
    if (error instanceof TypeError) throw new ApiError(error.message)
    await sessionLost()
  }
}

/**
 * Calls a service host with the bearer token, JSON by default, following SPEC §4 "Session": an expired
 * token is refreshed first; a 401 (or a 403 once the token has expired) triggers one refresh and a
 * retry, and if that fails the user signs in again (the login modal over the page, then the same request
 * once more; see {@link sessionLost}); a 403 with a valid token is rejected without logging out. Every send
 * goes with the same user's token ({@link bindToUser}).
 */
export async function apiRequest<T = unknown>(
  host: Host,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const sameUser = bindToUser()
  const sendAsUser = () => {
    sameUser()
    return send(host, path, options)
  }
  if (!hasValidToken()) await refreshOrSignIn()
  let res = await sendAsUser()
  if (res.status === 401 || (res.status === 403 && !hasValidToken())) {
    await refreshOrSignIn()
    res = await sendAsUser()
    if (res.status === 401) {
      await sessionLost()
      res = await sendAsUser()
    }
  }
  if (!res.ok) throw await errorFrom(res)
  if (options.raw) return res as T
  if (res.status === 204) return undefined as T
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

async function send(host: Host, path: string, options: RequestOptions): Promise<Response> {
  const url = new URL(hostUrl(host) + path, window.location.origin)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const token = readSession().token
  if (token) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  try {
    return await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(error instanceof Error ? error.message : String(error))
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  let message = `Response ${res.status}: ${res.statusText}`
  let details: unknown
  try {
    const body = (await res.json()) as { message?: string; details?: unknown }
    if (body?.message) message = body.message
    details = body?.details
  } catch {
    // Not JSON: keep the status line.
  }
  return new ApiError(message, res.status, details)
}

/** Shorthands per method. */
export const api = {
  get: <T>(host: Host, path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(host, path, { ...options, method: 'GET' }),
  post: <T>(host: Host, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(host, path, { ...options, method: 'POST', body }),
  put: <T>(host: Host, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(host, path, { ...options, method: 'PUT', body }),
  patch: <T>(host: Host, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(host, path, { ...options, method: 'PATCH', body }),
  delete: <T>(host: Host, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(host, path, { ...options, method: 'DELETE', body }),
}
