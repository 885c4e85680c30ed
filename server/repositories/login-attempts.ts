import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema/index'

/** When a username is locked: `maxFailures` wrong passwords within `windowSeconds` lock it for `lockSeconds`. */
export interface LockoutPolicy {
  /** 0 turns the lockout off. */
  maxFailures: number
  windowSeconds: number
  lockSeconds: number
}

/**
 * The lockout policy from the environment: LOGIN_LOCKOUT_ATTEMPTS (default 5, 0 = off),
 * LOGIN_LOCKOUT_WINDOW (seconds, default 900) and LOGIN_LOCKOUT_DURATION (seconds, default 900).
 */
export function lockoutPolicy(env: NodeJS.ProcessEnv = process.env): LockoutPolicy {
  const number = (value: string | undefined, fallback: number) => {
    const n = Number(value)
    return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback
  }
  return {
    maxFailures: number(env.LOGIN_LOCKOUT_ATTEMPTS, 5),
    windowSeconds: number(env.LOGIN_LOCKOUT_WINDOW, 15 * 60),
    lockSeconds: number(env.LOGIN_LOCKOUT_DURATION, 15 * 60),
  }
}

/** The refusal while a username is locked; `seconds` is the time left. */
export const lockoutMessage = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60)
  return `This account is locked after too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** Rows untouched this long (and not locked) are forgotten, so guessed usernames do not pile up. */
const FORGET_AFTER_SECONDS = 24 * 3600

/**
 * Failed sign-ins per username for the login lockout (OWASP ASVS 2.2.1), counted in the database so all
 * instances agree. Each failure is one atomic upsert, so concurrent attempts on several instances are all
 * counted. Unknown usernames are counted like real ones: the answer never tells whether a user exists.
 */
export class LoginAttemptsRepository {
  constructor(
    private readonly db: Db,
    private readonly policy: LockoutPolicy,
  ) {}

  get enabled(): boolean {
    return this.policy.maxFailures > 0
  }

  /** Seconds the username stays locked, or 0. */
  async lockedFor(username: string): Promise<number> {
    if (!this.enabled) return 0
    const [row] = await this.db
      .select({
        left: sql<number>`ceil(extract(epoch from (${loginAttempts.lockedUntil} - now())))::int`,
      })
      .from(loginAttempts)
      .where(eq(loginAttempts.username, key(username)))
    return Math.max(0, Number(row?.left ?? 0))
  }

  /** Counts a wrong password; answers the seconds of the lock it started, or 0. */
  async recordFailure(username: string): Promise<number> {
    if (!this.enabled) return 0
    const { maxFailures, windowSeconds, lockSeconds } = this.policy
    // A failure after the window (or after a lock ran out) starts counting afresh.
    const restart = sql`(login_attempts.window_started_at < now() - make_interval(secs => ${windowSeconds}) OR login_attempts.locked_until <= now())`
    const failures = sql`CASE WHEN ${restart} THEN 1 ELSE login_attempts.failures + 1 END`
    const result = await this.db.execute(sql`
      INSERT INTO login_attempts (username, failures, window_started_at, locked_until, updated_at)
      VALUES (${key(username)}, 1, now(),
        CASE WHEN 1 >= ${maxFailures} THEN now() + make_interval(secs => ${lockSeconds}) END, now())
      ON CONFLICT (username) DO UPDATE SET
        failures = ${failures},
        window_started_at = CASE WHEN ${restart} THEN now() ELSE login_attempts.window_started_at END,
        locked_until = CASE WHEN ${failures} >= ${maxFailures} THEN now() + make_interval(secs => ${lockSeconds}) END,
        updated_at = now()
      RETURNING ceil(extract(epoch from (locked_until - now())))::int AS locked`)
    await this.db.execute(
      sql`DELETE FROM login_attempts WHERE updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) AND (locked_until IS NULL OR locked_until < now())`,
    )
    const [row] = (result as unknown as { rows: { locked: number | null }[] }).rows
    return Math.max(0, Number(row?.locked ?? 0))
  }

  /** A successful sign-in forgets the failures. */
  async clear(username: string): Promise<void> {
    if (!this.enabled) return
    await this.db.delete(loginAttempts).where(eq(loginAttempts.username, key(username)))
  }
}

/** Usernames are counted case-insensitively, so 'Admin' and 'admin' share one counter. */
const key = (username: string) => username.trim().toLowerCase()
