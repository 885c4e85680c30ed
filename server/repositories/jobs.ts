import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobs } from '../db/schema/index'

export type JobRow = typeof jobs.$inferSelect

/** Background jobs (CSV ingest, Excel export) and their status. */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  /** A new job, already running. */
  async create(kind: string, createdBy: number | null, payload: Record<string, unknown>): Promise<JobRow> {
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, status: 'running', createdBy, payload })
      .returning()
    return row
  }

  async get(id: number): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id))
    return row
  }

  async finish(id: number, result: Record<string, unknown>, documentId?: number | null): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'done', result, updatedAt: new Date(), ...(documentId ? { documentId } : {}) })
      .where(eq(jobs.id, id))
  }

  async fail(id: number, error: string): Promise<void> {
    await this.db.update(jobs).set({ status: 'error', error, updatedAt: new Date() }).where(eq(jobs.id, id))
  }
}
