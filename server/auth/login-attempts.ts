import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema/index'

/**
 * When sign-ins are refused: `maxFailures` wrong passwords for one username from one client address within
 * `windowSeconds` lock that pair for `lockSeconds`; `addressFailures` wrong passwords from one address
 * over any usernames (password spraying) lock the address.
 */
export interface LockoutPolicy {
  /** 0 turns the lockout off. */
  maxFailures: number
  /** 0 turns the per-address limit off. */
  addressFailures: number
  windowSeconds: number
  lockSeconds: number
}

/**
 * The lockout policy from the environment: LOGIN_LOCKOUT_ATTEMPTS (default 5, 0 = off),
 * LOGIN_ADDRESS_ATTEMPTS (default 20, 0 = off), LOGIN_LOCKOUT_WINDOW (seconds, default 900) and
 * LOGIN_LOCKOUT_DURATION (seconds, default 900).
 */
export function lockoutPolicy(env: NodeJS.ProcessEnv = process.env): LockoutPolicy {
  const number = (value: string | undefined, fallback: number) => {
    const n = Number(value)
    return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback
  }
  return {
    maxFailures: number(env.LOGIN_LOCKOUT_ATTEMPTS, 5),
    addressFailures: number(env.LOGIN_ADDRESS_ATTEMPTS, 20),
    windowSeconds: number(env.LOGIN_LOCKOUT_WINDOW, 15 * 60),
    lockSeconds: number(env.LOGIN_LOCKOUT_DURATION, 15 * 60),
  }
}

const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** The refusal while a username is locked for this client; `seconds` is the time left. */
export const lockoutMessage = (seconds: number) =>
  `This account is locked after too many failed sign-in attempts. Try again in ${minutesText(seconds)}.`

/** The refusal while a client address is locked for failing over many usernames. */
export const addressLockoutMessage = (seconds: number) =>
  `Too many failed sign-in attempts from this address. Try again in ${minutesText(seconds)}.`

/** What locks a sign-in, if anything: the account for this client, or the client's address. */
export interface Lock {
  seconds: number
  message: string
}

/** Rows untouched this long (and not locked) are forgotten, so guessed usernames do not pile up. */
const FORGET_AFTER_SECONDS = 24 * 3600

/** The counter of an address over all usernames. */
const ANY_USER = '*'

/**
 * The address a client is counted by: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by
 * its /64 — one subscriber holds a whole /64, so counting single addresses would let it rotate freely.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]
  if (!ip.includes(':')) return ip
  const [head, tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * Failed sign-ins for the login lockout (OWASP ASVS 2.2.1), counted in the database so all instances agree.
 * An account is locked per client address, so a stranger guessing elsewhere cannot lock a user out; an
 * address that fails over many usernames is locked as a whole (spraying one password over many accounts).
 * Each failure is one atomic upsert per counter, so concurrent attempts on several instances all count.
 * Unknown usernames are counted like real ones: the answer never tells whether a user exists.
 */
export class LoginAttemptsRepository {
  constructor(
    private readonly db: Db,
    private readonly policy: LockoutPolicy,
  ) {}

  get enabled(): boolean {
    return this.policy.maxFailures > 0 || this.policy.addressFailures > 0
  }

  /** The lock this sign-in meets, or null. */
  async lockFor(username: string, ip: string): Promise<Lock | null> {
    if (!this.enabled) return null
    const address = clientAddressKey(ip)
    const rows = await this.db
      .select({
        username: loginAttempts.username,
        left: sql<number>`ceil(extract(epoch from (${loginAttempts.lockedUntil} - now())))::int`,
      })
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.address, address), inArray(loginAttempts.username, [key(username), ANY_USER])),
      )
    return lockOf(rows)
  }

  /** Counts a wrong password for the account and the address; answers the lock it started, or null. */
  async recordFailure(username: string, ip: string): Promise<Lock | null> {
    if (!this.enabled) return null
    const address = clientAddressKey(ip)
    const { maxFailures, addressFailures } = this.policy
    const rows = []
    if (maxFailures > 0)
      rows.push({ username: key(username), left: await this.count(address, key(username), maxFailures) })
    if (addressFailures > 0)
      rows.push({ username: ANY_USER, left: await this.count(address, ANY_USER, addressFailures) })
    await this.db.execute(
      sql`DELETE FROM login_attempts WHERE updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) AND (locked_until IS NULL OR locked_until < now())`,
    )
    return lockOf(rows)
  }

  /** One failure on one counter; answers the seconds of the lock it is under, or 0. */
  private async count(address: string, username: string, max: number): Promise<number> {
    const { windowSeconds, lockSeconds } = this.policy
    // A failure after the window (or after a lock ran out) starts counting afresh.
    const restart = sql`(login_attempts.window_started_at < now() - make_interval(secs => ${windowSeconds}) OR login_attempts.locked_until <= now())`
    const failures = sql`CASE WHEN ${restart} THEN 1 ELSE login_attempts.failures + 1 END`
    const result = await this.db.execute(sql`
      INSERT INTO login_attempts (address, username, failures, window_started_at, locked_until, updated_at)
      VALUES (${address}, ${username}, 1, now(),
        CASE WHEN 1 >= ${max} THEN now() + make_interval(secs => ${lockSeconds}) END, now())
      ON CONFLICT (address, username) DO UPDATE SET
        failures = ${failures},
        window_started_at = CASE WHEN ${restart} THEN now() ELSE login_attempts.window_started_at END,
        locked_until = CASE WHEN ${failures} >= ${max} THEN now() + make_interval(secs => ${lockSeconds}) END,
        updated_at = now()
      RETURNING ceil(extract(epoch from (locked_until - now())))::int AS locked`)
    const [row] = (result as unknown as { rows: { locked: number | null }[] }).rows
    return Math.max(0, Number(row?.locked ?? 0))
  }

  /** A successful sign-in forgets the account's failures from this address. */
  async clear(username: string, ip: string): Promise<void> {
    if (!this.enabled) return
    await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.address, clientAddressKey(ip)), eq(loginAttempts.username, key(username))))
  }
}

/** The lock among counter rows: the address's own first (it covers every account), then the account's. */
function lockOf(rows: { username: string; left: number | null }[]): Lock | null {
  const left = (name: string) => Math.max(0, Number(rows.find((r) => r.username === name)?.left ?? 0))
  const address = rows.some((r) => r.username === ANY_USER) ? left(ANY_USER) : 0
  if (address > 0) return { seconds: address, message: addressLockoutMessage(address) }
  const account = rows.find((r) => r.username !== ANY_USER)
  const seconds = account ? left(account.username) : 0
  return seconds > 0 ? { seconds, message: lockoutMessage(seconds) } : null
}

/** Usernames are counted case-insensitively, so 'Admin' and 'admin' share one counter. */
const key = (username: string) => username.trim().toLowerCase()
