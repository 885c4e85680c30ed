import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  CERTIFICATE_BATCH_MESSAGES,
  RECORD_MESSAGES,
  CERTIFICATE_JOB_LIMIT,
  type CertificateFormat,
  type RecordsFilter,
} from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { users } from '../db/schema/index'
import { DocumentsRepository } from '../documents/documents'
import { HttpError } from '../http-error'
import { JobsRepository, RUNNING_JOBS_PER_USER, type JobRow } from '../jobs/jobs'
import { EXPORT_ACCOUNT_DISABLED } from '../jobs/excel-export-jobs'
import type { ExportDelivery } from '../records/export/deliver'
import { CertificateBatch } from './batch'
import type { Paper } from './certificate-pdf'

export const CONTENT_TYPES: Record<CertificateFormat, string> = {
  zip: 'application/zip',
  pdf: 'application/pdf',
}

/** What a job was asked for, kept in its payload. */
interface BatchRequest {
  filter: RecordsFilter
  format: CertificateFormat
  origin: string
}

/**
 * Batches of more than CERTIFICATE_BATCH_LIMIT certificates (issue #16.3), as the Excel export runs
 * (server/jobs/excel-export-jobs.ts): a job row, the file built under the caller's scope after the request
 * has answered — streamed into a temporary file, so memory stays flat while it is made — then stored as a
 * document, e-mailed (or filed in the outbox) and the job marked done or failed.
 */
export class CertificateBatchJobs {
  private readonly jobs: JobsRepository
  private readonly documents: DocumentsRepository
  private readonly running = new Set<Promise<void>>()

  constructor(
    private readonly db: Db,
    private readonly delivery: ExportDelivery,
    private readonly log: FastifyBaseLogger,
    private readonly settings: { title: string; paper: Paper },
  ) {
    this.jobs = new JobsRepository(db)
    this.documents = new DocumentsRepository(db)
  }

  /** Logs a batch job for `viewer` and starts it; answers the job row at once. */
  async start(request: BatchRequest, viewer: Viewer): Promise<JobRow> {
    if ((await this.jobs.runningCount('certificateBatch', viewer.id)) >= RUNNING_JOBS_PER_USER)
      throw new HttpError(429, RECORD_MESSAGES.tooManyRunning(RUNNING_JOBS_PER_USER, 'certificate batches'))
    const job = await this.jobs.create('certificateBatch', viewer.id, { ...request })
    const task = this.run(job.id, request, viewer).finally(() => this.running.delete(task))
    this.running.add(task)
    return job
  }

  /** Waits for the jobs still running (server shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running])
  }

  private async run(jobId: number, request: BatchRequest, viewer: Viewer): Promise<void> {
    const file = path.join(os.tmpdir(), `itr-certificates-${process.pid}-${jobId}.${request.format}`)
    const stopBeating = this.jobs.keepAlive(jobId)
    try {
      const batch = new CertificateBatch(this.db, this.settings)
      const ids = await batch.idsOf(request.filter, viewer, CERTIFICATE_JOB_LIMIT)
      await batch.checkLayouts(ids, viewer)
      const stream =
        request.format === 'zip'
          ? batch.zip(ids, viewer, request.origin)
          : batch.pdf(ids, viewer, request.origin)
      await pipeline(stream, fs.createWriteStream(file))
      const content = await fs.promises.readFile(file)
      const filename = `certificates-${jobId}.${request.format}`
      const contentType = CONTENT_TYPES[request.format]
      const doc = await this.documents.store({
        documentType: 'certificateBatch',
        originalFilename: filename,
        contentType,
        content,
        createdBy: viewer.id,
      })
      await this.jobs.attach(jobId, doc.id)
      const [user] = await this.db
        .select({ email: users.email, disabled: users.disabled })
        .from(users)
        .where(eq(users.id, viewer.id))
      // Disabled while the job ran (npm run user -- disable): the certificates are not mailed to them.
      if (user?.disabled) return await this.jobs.fail(jobId, EXPORT_ACCOUNT_DISABLED)
      if (user?.email)
        await this.delivery.send(user.email, filename, content, ids.length, {
          subject: 'your test certificates',
          text: `The test certificates you asked for are attached (${ids.length} records, ${
            request.format === 'zip' ? 'one PDF each in a zip' : 'one merged PDF'
          }).`,
          contentType,
        })
      await this.jobs.finish(jobId, {
        rows: ids.length,
        format: request.format,
        delivery: this.delivery.kind,
        to: user?.email ?? null,
      })
    } catch (error) {
      this.log.error({ err: error, jobId }, 'certificate batch failed')
      // A refusal meant for the user (a missing layout revision) is said as it is.
      const message = error instanceof HttpError ? error.message : CERTIFICATE_BATCH_MESSAGES.failed
      await this.jobs.fail(jobId, message).catch(() => {})
    } finally {
      stopBeating()
      await fs.promises.rm(file, { force: true })
    }
  }
}
