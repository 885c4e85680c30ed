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

/** What a guarded password check came to: the lock that refused it, else its value (undefined: wrong). */
export interface Attempt<T> {
  lock: Lock | null
  value: T | undefined
}

/** One counter of a sign-in: the account's for this address, or the address's own ('*'). */
interface Counter {
  name: string
  max: number
}

/** How long an attempt waits for slots held by checks still running (not by wrong passwords). */
const RESERVE_WAIT_MS = 5_000
/** How often it asks again meanwhile: a password check takes tens of milliseconds. */
const RESERVE_RETRY_MS = 25

/**
 * Failed sign-ins for the login lockout (OWASP ASVS 2.2.1), counted in the database so all instances agree.
 * An account is locked per client address, so a stranger guessing elsewhere cannot lock a user out; an
 * address that fails over many usernames is locked as a whole (spraying one password over many accounts).
 * Unknown usernames are counted like real ones: the answer never tells whether a user exists.
 *
 * An attempt takes its slot on each counter before the password is checked (one atomic upsert per
 * counter), so guesses sent in parallel, to any instance, get no more checks than the limit (audit s8d
 * D6): `failures` counts the wrong passwords of the window plus the checks still running.
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

  /**
   * Runs `check` (the password check; undefined when wrong) under the lockout. Refused with the lock when
   * one is in force or the slots of the window are taken by failures and checks in flight. A wrong
   * password keeps its slot and locks once the limit is reached; a right one clears the account's count
   * and gives back its slot on the address — unless a concurrent failure locked either meanwhile.
   */
  async attempt<T>(username: string, ip: string, check: () => Promise<T | undefined>): Promise<Attempt<T>> {
    if (!this.enabled) return { lock: null, value: await check() }
    const address = clientAddressKey(ip)
    const { maxFailures, addressFailures, lockSeconds } = this.policy
    const account = { name: key(username), max: maxFailures }
    const all = { name: ANY_USER, max: addressFailures }
    const counters = [account, all].filter((c) => c.max > 0)
    // The account first: when the address then refuses, it is locked for every account anyway, so the
    // account's slot, taken back just after, refuses nobody else meanwhile.
    // Slots held only by checks still running are no lock: wait for those checks to end (a right password
    // gives its slot back, wrong ones lock the counter), so concurrent sign-ins with the right password
    // are not refused with a lockout no wrong password caused.
    const until = Date.now() + RESERVE_WAIT_MS
    for (let i = 0; i < counters.length;) {
      const counter = counters[i]
      if (await this.reserve(address, counter)) {
        i++
        continue
      }
      for (const taken of counters.slice(0, i)) await this.release(address, taken.name)
      const lock = await this.lockFor(username, ip)
      if (lock) return { lock, value: undefined }
      if (Date.now() >= until) {
        const message = counter === all ? addressLockoutMessage : lockoutMessage
        return { lock: { seconds: lockSeconds, message: message(lockSeconds) }, value: undefined }
      }
      await new Promise((resolve) => setTimeout(resolve, RESERVE_RETRY_MS))
      i = 0
    }
    let value: T | undefined
    try {
      value = await check()
    } catch (error) {
      for (const counter of counters) await this.release(address, counter.name)
      throw error
    }
    if (value === undefined) return { lock: await this.fail(address, counters), value }
    // A lock set while the password was checked stands: it is neither cleared nor answered with a token.
    const cleared = [all, account].filter((c) => c.max > 0)
    for (const counter of cleared) {
      const done =
        counter === all ? await this.release(address, ANY_USER) : await this.clear(address, account.name)
      if (!done) {
        const lock = await this.lockFor(username, ip)
        if (lock) return { lock, value: undefined }
      }
    }
    return { lock: null, value }
  }

  /** Takes a slot on a counter; false when it is locked or full. A new window or an ended lock starts afresh. */
  private async reserve(address: string, { name, max }: Counter): Promise<boolean> {
    const restart = sql`(login_attempts.window_started_at < now() - make_interval(secs => ${this.policy.windowSeconds}) OR login_attempts.locked_until <= now())`
    const result = await this.db.execute(sql`
      INSERT INTO login_attempts (address, username, failures, window_started_at, locked_until, updated_at)
      VALUES (${address}, ${name}, 1, now(), NULL, now())
      ON CONFLICT (address, username) DO UPDATE SET
        failures = CASE WHEN ${restart} THEN 1 ELSE login_attempts.failures + 1 END,
        window_started_at = CASE WHEN ${restart} THEN now() ELSE login_attempts.window_started_at END,
        locked_until = NULL,
        updated_at = now()
      WHERE ${restart} OR (login_attempts.locked_until IS NULL AND login_attempts.failures < ${max})
      RETURNING 1 AS taken`)
    return rowsOf<{ taken: number }>(result).length > 0
  }

  /** Gives a slot back (an attempt that was never checked, or a right password); false when locked. */
  private async release(address: string, name: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      UPDATE login_attempts SET failures = greatest(failures - 1, 0), updated_at = now()
      WHERE address = ${address} AND username = ${name} AND (locked_until IS NULL OR locked_until <= now())
      RETURNING 1 AS released`)
    return rowsOf(result).length > 0
  }

  /** A successful sign-in forgets the account's failures from this address; false when locked. */
  private async clear(address: string, name: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      DELETE FROM login_attempts
      WHERE address = ${address} AND username = ${name} AND (locked_until IS NULL OR locked_until <= now())
      RETURNING 1 AS cleared`)
    return rowsOf(result).length > 0
  }

  /** A wrong password keeps its slot; at the limit the counter locks. Answers the lock in force, or null. */
  private async fail(address: string, counters: Counter[]): Promise<Lock | null> {
    const lock = sql`now() + make_interval(secs => ${this.policy.lockSeconds})`
    const rows = []
    for (const { name, max } of counters) {
      // Inserted only when a concurrent sign-in cleared the slot: the failure is counted all the same.
      const result = await this.db.execute(sql`
        INSERT INTO login_attempts (address, username, failures, window_started_at, locked_until, updated_at)
        VALUES (${address}, ${name}, 1, now(), CASE WHEN 1 >= ${max} THEN ${lock} END, now())
        ON CONFLICT (address, username) DO UPDATE SET
          locked_until = CASE WHEN login_attempts.locked_until > now() THEN login_attempts.locked_until
            WHEN login_attempts.failures >= ${max} THEN ${lock} END,
          updated_at = now()
        RETURNING ceil(extract(epoch from (locked_until - now())))::int AS locked`)
      rows.push({ username: name, left: rowsOf<{ locked: number | null }>(result)[0]?.locked ?? 0 })
    }
    await this.db.execute(
      sql`DELETE FROM login_attempts WHERE updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) AND (locked_until IS NULL OR locked_until < now())`,
    )
    return lockOf(rows)
  }
}

const rowsOf = <R = unknown>(result: unknown) => (result as { rows: R[] }).rows

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
