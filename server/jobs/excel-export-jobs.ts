import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { RECORD_MESSAGES, type RecordsFilter } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { users } from '../db/schema/index'
import type { ExportDelivery } from '../records/export/deliver'
import { buildRecordsWorkbook, XLSX_TYPE } from '../records/export/xlsx'
import { DocumentsRepository } from '../documents/documents'
import { JobsRepository, RUNNING_JOBS_PER_USER, type JobRow } from './jobs'
import { HttpError } from '../http-error'

/** Why a job's result was not mailed. */
export const EXPORT_ACCOUNT_DISABLED = 'The export was not sent because this account is disabled.'

/**
 * The Excel export's background jobs (SPEC §7: the call answers at once, the result is e-mailed): each
 * logs a job row, builds the workbook under the caller's scope, stores it as a document (so any instance
 * can serve it), delivers it (SMTP or the outbox folder) and marks the job done or failed. Runs on the
 * root database, after the request that started it has answered.
 */
export class ExcelExportJobs {
  private readonly jobs: JobsRepository
  private readonly documents: DocumentsRepository
  private readonly running = new Set<Promise<void>>()

  constructor(
    private readonly db: Db,
    private readonly delivery: ExportDelivery,
    private readonly log: FastifyBaseLogger,
  ) {
    this.jobs = new JobsRepository(db)
    this.documents = new DocumentsRepository(db)
  }

  /** Logs an export job for `viewer` and starts it; answers the job row at once. */
  async start(filter: RecordsFilter, viewer: Viewer): Promise<JobRow> {
    if ((await this.jobs.runningCount('excelExport', viewer.id)) >= RUNNING_JOBS_PER_USER)
      throw new HttpError(429, RECORD_MESSAGES.tooManyRunning(RUNNING_JOBS_PER_USER, 'exports'))
    const job = await this.jobs.create('excelExport', viewer.id, { filter })
    const task = this.run(job.id, filter, viewer).finally(() => this.running.delete(task))
    this.running.add(task)
    return job
  }

  /** Waits for the jobs still running (server shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running])
  }

  private async run(jobId: number, filter: RecordsFilter, viewer: Viewer): Promise<void> {
    const stopBeating = this.jobs.keepAlive(jobId)
    try {
      const { content, rows } = await buildRecordsWorkbook(this.db, filter, viewer)
      const filename = `records-export-${jobId}.xlsx`
      const doc = await this.documents.store({
        documentType: 'excelExport',
        originalFilename: filename,
        contentType: XLSX_TYPE,
        content,
        createdBy: viewer.id,
      })
      await this.jobs.attach(jobId, doc.id)
      const [user] = await this.db
        .select({ email: users.email, disabled: users.disabled })
        .from(users)
        .where(eq(users.id, viewer.id))
      // Disabled while the job ran (npm run user -- disable): the workbook is not mailed to them.
      if (user?.disabled) return await this.jobs.fail(jobId, EXPORT_ACCOUNT_DISABLED)
      if (user?.email) await this.delivery.send(user.email, filename, content, rows)
      await this.jobs.finish(jobId, { rows, delivery: this.delivery.kind, to: user?.email ?? null })
    } catch (error) {
      this.log.error({ err: error, jobId }, 'excel export failed')
      // A refusal meant for the user (too many columns for Excel) is said as it is.
      const message =
        error instanceof HttpError ? error.message : 'The export could not be built. Please try again.'
      await this.jobs.fail(jobId, message).catch(() => {})
    } finally {
      stopBeating()
    }
  }
}
