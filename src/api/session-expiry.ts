import { userOfToken } from './session-storage'

/** Told whether the login modal over the page should show. */
type Listener = (lost: boolean) => void

const listeners = new Set<Listener>()
let pending: { promise: Promise<void>; resolve: () => void; user: string | null } | null = null
let leaving = false

/**
 * A session lost while the user works (issue #18.4): the token could not be refreshed. While the shell
 * listens, the calls that need the session wait here, the shell shows the login modal over the page, and
 * once the user has signed in again they go on — the same request, headers and Idempotency-Key — so the
 * form behind the modal, its draft and a Save in progress are untouched. Without a listener (before the
 * shell is up, in unit tests) the client goes to /login as SPEC §4 says.
 */
export const sessionExpiry = {
  /** Listens while the shell is mounted; answers how to stop. */
  listen(listener: Listener): () => void {
    listeners.add(listener)
    if (pending) listener(true)
    return () => void listeners.delete(listener)
  },

  /**
   * Log Out has begun: the session is being cleared and the app reloads at `/`. From now on a call that
   * finds no session (a page still loading, its answer a 401) waits for that reload: no login modal
   * flashes over the page, no error banner, and no detour to /login.
   */
  leave(): void {
    leaving = true
  },

  /**
   * Resolves once the user signed in again over the page; null when nothing can show the modal. While
   * Log Out runs ({@link leave}) it never settles and nobody is told.
   */
  waitForSignIn(): Promise<void> | null {
    if (leaving) return new Promise<void>(() => undefined)
    if (listeners.size === 0) return null
    if (!pending) {
      let resolve = () => undefined as void
      const promise = new Promise<void>((r) => (resolve = r))
      pending = { promise, resolve, user: userOfToken() }
      for (const listener of listeners) listener(true)
    }
    return pending.promise
  },

  /** The user whose session was lost (the token's `sub`), while the modal shows. */
  lostUser(): string | null {
    return pending?.user ?? null
  },

  /** The user signed in again (new tokens stored): the waiting calls go on and the modal closes. */
  resume(): void {
    const done = pending
    pending = null
    for (const listener of listeners) listener(false)
    done?.resolve()
  },
}
