import os from 'node:os'
import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobLeases } from '../db/schema/index'

/** A name for this runner in `job_leases.holder`: host, process and a random part. */
export const newHolder = () => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`

/**
 * One runner of a scheduled job at a time across every app instance and CLI (issue #15.4), through the
 * database both PGlite and PostgreSQL share: a row per job in `job_leases`. Taking it is one upsert that
 * only overwrites a lease that has run out, so of two runners asking at once exactly one gets it; times
 * are the database's clock, so instances with skewed clocks still agree. A runner that dies holds it at
 * most `ttlSeconds`.
 */
export class JobLease {
  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly holder: string = newHolder(),
    private readonly ttlSeconds = 300,
  ) {}

  private expiry() {
    return sql`now() + make_interval(secs => ${this.ttlSeconds}::double precision)`
  }

  /** Takes the lease if nobody holds a live one; answers whether this runner holds it now. */
  async acquire(): Promise<boolean> {
    const rows = await this.db
      .insert(jobLeases)
      .values({ name: this.name, holder: this.holder, expiresAt: this.expiry() })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder: this.holder, acquiredAt: sql`now()`, expiresAt: this.expiry() },
        setWhere: sql`${jobLeases.expiresAt} <= now()`,
      })
      .returning({ holder: jobLeases.holder })
    return rows.length === 1 && rows[0].holder === this.holder
  }

  /** Extends the lease; false when it ran out and another runner took it (the caller must stop). */
  async renew(): Promise<boolean> {
    const rows = await this.db
      .update(jobLeases)
      .set({ expiresAt: this.expiry() })
      .where(and(eq(jobLeases.name, this.name), eq(jobLeases.holder, this.holder)))
      .returning({ holder: jobLeases.holder })
    return rows.length === 1
  }

  /** Gives the lease up (only if still ours), so the next runner need not wait for it to run out. */
  async release(): Promise<void> {
    await this.db
      .delete(jobLeases)
      .where(and(eq(jobLeases.name, this.name), eq(jobLeases.holder, this.holder)))
  }
}
