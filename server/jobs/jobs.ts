import { and, count, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { documents, jobs } from '../db/schema/index'

export type JobRow = typeof jobs.$inferSelect

/**
 * A job still 'running' this long after its last update was cut off (its instance restarted or died; a
 * live one beats every JOB_HEARTBEAT_MS, see keepAlive):
 * nothing it wrote is half done — an ingest is one transaction, an export stores its file in one
 * step — so it is reported failed and the user requests it again.
 */
export const STALE_JOB_MS = 15 * 60 * 1000
/** How often a job this process still works on says so (keepAlive): a fifteenth of STALE_JOB_MS. */
export const JOB_HEARTBEAT_MS = 60 * 1000
export const INTERRUPTED_JOB_MESSAGE =
  'The job was interrupted because the server restarted. Please try again.'

/** How many exports (or certificate batches) one user may have being built at once. */
export const RUNNING_JOBS_PER_USER = 3

/** Background jobs (CSV ingest, Excel export) and their status. */
export class JobsRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new job, already running. */
  async create(kind: string, createdBy: number | null, payload: Record<string, unknown>): Promise<JobRow> {
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, status: 'running', createdBy, payload })
      .returning()
    return row
  }

  /**
   * How many jobs of `kind` the user has running now, on any instance (one a dead process left running
   * past STALE_JOB_MS does not count: it no longer holds anything).
   */
  async runningCount(kind: string, userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(jobs)
      .where(
        and(
          eq(jobs.createdBy, userId),
          eq(jobs.kind, kind),
          eq(jobs.status, 'running'),
          gte(jobs.updatedAt, new Date(this.now() - STALE_JOB_MS)),
        ),
      )
    return Number(row.n)
  }

  /** The job; one left running past STALE_JOB_MS is marked failed first (see STALE_JOB_MS). */
  async get(id: number): Promise<JobRow | undefined> {
    const staleBefore = new Date(this.now() - STALE_JOB_MS)
    await this.db
      .update(jobs)
      .set({ status: 'error', error: INTERRUPTED_JOB_MESSAGE, updatedAt: new Date(this.now()) })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), lt(jobs.updatedAt, staleBefore)))
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id))
    return row
  }

  /**
   * Marks every job still running as interrupted, at once. Only for a database one process owns (a PGlite
   * data dir): when that process starts, no job can be running any more — a 'running' row is what a killed
   * or crashed predecessor left. (PostgreSQL may be shared by several instances, so there the STALE_JOB_MS
   * rule of `get` decides.) Returns how many were marked.
   */
  async failAllRunning(): Promise<number> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'error', error: INTERRUPTED_JOB_MESSAGE, updatedAt: new Date(this.now()) })
      .where(eq(jobs.status, 'running'))
      .returning({ id: jobs.id })
    return rows.length
  }

  /**
   * Keeps a job this process still works on from reading as interrupted, however long it runs (a large
   * export, a big batch): its `updatedAt` moves on every `everyMs` while it is 'running'. Answers the
   * function that stops the heartbeat; call it when the job ends, whichever way. A beat that fails (the
   * database busy or gone) is skipped: the next one tries again, and a dead process beats no more.
   */
  keepAlive(id: number, everyMs = JOB_HEARTBEAT_MS): () => void {
    const timer = setInterval(() => {
      this.db
        .update(jobs)
        .set({ updatedAt: new Date(this.now()) })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
        .catch(() => {})
    }, everyMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  /** Marks the job done with its result; a file it made was tied to it when stored (`attach`). */
  async finish(id: number, result: Record<string, unknown>): Promise<void> {
    await this.db.update(jobs).set({ status: 'done', result, updatedAt: new Date() }).where(eq(jobs.id, id))
  }

  /** Removes a job that did no work (a replayed request answered with its first job). */
  async discard(id: number): Promise<void> {
    await this.db.delete(jobs).where(eq(jobs.id, id))
  }

  async fail(id: number, error: string): Promise<void> {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'error', error, updatedAt: new Date() })
      .where(eq(jobs.id, id))
      .returning({ documentId: jobs.documentId })
    // A failed job has no download: a file it stored (then the mail failed, or its user was disabled)
    // is of no use to anyone and goes now (audit s10 C2).
    if (row?.documentId) await this.db.delete(documents).where(eq(documents.id, row.documentId))
  }

  /**
   * Ties a file the job stored to it at once, before it is mailed: whatever happens next (a failure, the
   * instance stopping), the file is the job's, so `fail` or the retention (job-files-retention.ts)
   * removes it — a file stored but never tied to its job was kept for ever.
   */
  async attach(id: number, documentId: number): Promise<void> {
    await this.db.update(jobs).set({ documentId, updatedAt: new Date() }).where(eq(jobs.id, id))
  }
}
