import { hostUrl } from './app-config'
import { ApiError, bindToUser, refreshOrSignIn } from './client'
import { hasValidToken, readSession } from './session-storage'
import type { Host } from '../../schemas/config'

/** Upload progress in percent, 0..100. */
export type ProgressListener = (percent: number) => void

/** The stored token, when it is still the request's user's (see `bindToUser` in client.ts). */
function tokenOf(sameUser: () => void): string {
  sameUser()
  return readSession().token ?? ''
}

function send(
  url: string,
  token: string,
  body: FormData | string,
  onProgress: ProgressListener | undefined,
  signal: AbortSignal | undefined,
): Promise<{ status: number; statusText: string; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText })
    xhr.onerror = () => reject(new ApiError('Network error while uploading'))
    xhr.onabort = () => reject(new ApiError('Upload cancelled'))
    xhr.send(body)
  })
}

/**
 * POSTs a body with upload progress (fetch reports none), with the same session rules and error shape as
 * `api` in src/api/client.ts: the token is refreshed first when expired, a 401 refreshes once and
 * retries, a retry never goes with another user's token, and a failure rejects with an ApiError carrying
 * the server's message and details.
 */
export async function postWithProgress<T>(
  host: Host,
  path: string,
  body: FormData | string,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): Promise<T> {
  const url = new URL(hostUrl(host) + path, window.location.origin).toString()
  const sameUser = bindToUser()
  if (!hasValidToken()) await refreshOrSignIn()
  let res = await send(url, tokenOf(sameUser), body, onProgress, signal)
  if (res.status === 401) {
    await refreshOrSignIn()
    res = await send(url, tokenOf(sameUser), body, onProgress, signal)
  }
  let parsed: unknown
  try {
    parsed = res.text ? JSON.parse(res.text) : undefined
  } catch {
    parsed = undefined
  }
  if (res.status < 200 || res.status >= 300) {
    const error = parsed as { message?: string; details?: unknown } | undefined
    throw new ApiError(
      error?.message ?? `Response ${res.status}: ${res.statusText}`,
      res.status,
      error?.details,
    )
  }
  onProgress?.(100)
  return parsed as T
}
