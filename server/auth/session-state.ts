import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { refreshTokens, users } from '../db/schema/index'
import { familyEnded } from './refresh-tokens'

/** Whether an access token's sign-in still stands. */
export type SessionState = 'active' | 'ended' | 'disabled'

/** How long a session's state is taken as read; a disabled user or an ended sign-in is refused within it. */
export const SESSION_CHECK_MS = 5_000
/** Sessions kept at most; the cache starts afresh when full, like the verified-token cache. */
const CACHE_ENTRIES = 5_000

/**
 * Reads whether a sign-in still stands: the user exists and is not disabled, and (for a token that
 * names its sign-in) the refresh-token family exists and none of its tokens is revoked (familyEnded: a
 * revocation takes the whole family, so one revoked token ends it). Log Out, a reused refresh token
 * and `npm run user -- disable | set-password | set-claims` revoke families, so their access tokens
 * stop working too, instead of living out their 15 minutes.
 */
export async function readSessionState(db: Db, userId: number, sessionId?: string): Promise<SessionState> {
  const alive = sessionId
    ? sql<boolean>`(exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, sessionId))}) AND NOT ${familyEnded(sql`${sessionId}`)})`
    : sql<boolean>`true`
  const [row] = await db.select({ disabled: users.disabled, alive }).from(users).where(eq(users.id, userId))
  if (!row) return 'ended'
  if (row.disabled) return 'disabled'
  return row.alive ? 'active' : 'ended'
}

/**
 * Session states for a few seconds, so a records page (a dozen calls) costs one query per user every
 * few seconds, not one per request. The bearer check is on the hot path: a fresh entry answers
 * synchronously; concurrent misses for one session share one query.
 */
export class SessionStates {
  private readonly entries = new Map<string, { state: SessionState; until: number }>()
  private readonly pending = new Map<string, Promise<SessionState>>()

  constructor(
    private readonly read: (userId: number, sessionId?: string) => Promise<SessionState>,
    private readonly ttlMs: number = SESSION_CHECK_MS,
  ) {}

  /** The state when a fresh one is known, else undefined (then call {@link load}). */
  get(userId: number, sessionId: string | undefined, now: number): SessionState | undefined {
    const key = keyOf(userId, sessionId)
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.until > now) return entry.state
    this.entries.delete(key)
    return undefined
  }

  /** Reads the state (one query shared by concurrent callers) and keeps it for the window. */
  load(userId: number, sessionId: string | undefined): Promise<SessionState> {
    const key = keyOf(userId, sessionId)
    let pending = this.pending.get(key)
    if (!pending) {
      pending = this.read(userId, sessionId)
        .then((state) => {
          if (this.ttlMs > 0) {
            if (this.entries.size >= CACHE_ENTRIES) this.entries.clear()
            this.entries.set(key, { state, until: Date.now() + this.ttlMs })
          }
          return state
        })
        .finally(() => this.pending.delete(key))
      this.pending.set(key, pending)
    }
    return pending
  }
}

const keyOf = (userId: number, sessionId?: string) => (sessionId ? `s:${sessionId}` : `u:${userId}`)
