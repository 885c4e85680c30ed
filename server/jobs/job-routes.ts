import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import { jobSchema, RECORD_MESSAGES, type Job } from '../../schemas/records/index'
import type { DocumentsRepository } from '../documents/documents'
import { attachmentHeader } from '../documents/routes'
import { gone, notFound } from '../http-error'
import { positiveId, textParams } from '../http-params'
import type { JobRow, JobsRepository } from './jobs'

/** Which background job's calls to mount, and where. */
export interface JobRoutesOptions {
  /** The route base the calls hang under: `{base}/jobs/{id}` and `{base}/jobs/{id}/download`. */
  base: string
  /** The job kind these calls answer; a job of another kind is not found here. */
  kind: Job['kind']
  tags: string[]
  /** OpenAPI summaries of the status and the download call. */
  summaries: { status: string; download: string }
  jobs: JobsRepository
  documents: DocumentsRepository
  /** Days a job's file is kept (EXPORT_FILE_DAYS, job-files-retention.ts), for the answer once it is gone. */
  fileDays: number
}

/**
 * A background job's status and, once done, its file (the Excel export's workbook, a certificate batch's
 * zip or PDF): for the user who started it, and for configurators and admins, who may read any. Anyone else
 * — and any job of another kind — gets the same 404 as a job that does not exist.
 */
export function jobRoutes(app: FastifyInstance, options: JobRoutesOptions) {
  const { base, kind, tags, summaries, jobs, documents, fileDays } = options
  const toJob = (job: JobRow): Job => ({
    id: job.id,
    kind: job.kind as Job['kind'],
    status: job.status as Job['status'],
    error: job.error,
    result: job.result ?? null,
    downloadUrl:
      job.status === 'done' && job.documentId ? `${app.prefix}${base}/jobs/${job.id}/download` : null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  })

  const readableJob = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = positiveId(request.params.id, RECORD_MESSAGES.jobNotFound)
    const job = await jobs.get(id)
    const mayRead = job && (job.createdBy === request.user.id || CONFIGURE_VIEWS.includes(request.user.view))
    if (!job || job.kind !== kind || !mayRead) throw notFound(RECORD_MESSAGES.jobNotFound(id))
    return job
  }

  app.get<{ Params: { id: string } }>(
    `${base}/jobs/:id`,
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, summary: summaries.status, params: textParams('id'), response: { 200: jobSchema } },
    },
    async (request) => toJob(await readableJob(request)),
  )

  app.get<{ Params: { id: string } }>(
    `${base}/jobs/:id/download`,
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, summary: summaries.download, params: textParams('id') },
    },
    async (request, reply) => {
      const job = await readableJob(request)
      // A finished job whose file the retention removed says so (410), not that it is not ready.
      if (job.status === 'done' && !job.documentId) throw gone(RECORD_MESSAGES.jobFileRemoved(fileDays))
      if (job.status === 'error') throw notFound(RECORD_MESSAGES.jobFailed(job.error))
      const doc = job.documentId ? await documents.byId(job.documentId) : undefined
      if (job.status !== 'done' || !doc) throw notFound(RECORD_MESSAGES.exportNotReady)
      return reply
        .header('Content-Type', doc.contentType)
        .header('Content-Disposition', attachmentHeader(doc.originalFilename))
        .send(doc.content)
    },
  )
}
