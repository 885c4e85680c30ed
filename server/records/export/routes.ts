import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../../schemas/roles'
import { exportAcceptedSchema, jobSchema, RECORD_MESSAGES, type Job } from '../../../schemas/records/index'
import { notFound } from '../../http-error'
import { exportDelivery, type ExportDelivery } from './deliver'
import { ExcelExportJobs } from '../../jobs/excel-export-jobs'
import { DocumentsRepository } from '../../documents/documents'
import { parseRecordsFilter } from '../records-filter'
import { JobsRepository, type JobRow } from '../../jobs/jobs'
import { attachmentHeader } from '../../documents/routes'
import { positiveId, textParams } from '../../http-params'

const tags = ['records']
const BASE = '/api/InstrumentTestRecord/ExcelExport'

/** What the export's routes share: the job runner, how it delivers, and the tables a status or download reads. */
interface ExportContext {
  jobs: JobsRepository
  documents: DocumentsRepository
  delivery: ExportDelivery
  exports: ExcelExportJobs
  /** The host's prefix, for the download links a job answers. */
  prefix: string
}

/** The call that parses the filter, logs the job and answers at once. */
function exportStartRoute(app: FastifyInstance, { exports, delivery }: ExportContext) {
  app.get<{ Params: { filter: string } }>(
    `${BASE}/filter/:filter`,
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Logs an Excel export of the records matching the filter; answers the job.',
        description:
          'Same filter JSON and scoping as the records page. The .xlsx has one column per mapped field and per ' +
          'layout variable; text that would run as a formula is neutralised. Delivered by e-mail when SMTP_URL is ' +
          'set, otherwise written as that e-mail to the outbox folder; always downloadable from jobs/{id}/download ' +
          'once the job is done.',
        params: textParams('filter'),
        response: { 200: exportAcceptedSchema },
      },
    },
    async (request) => {
      const filter = parseRecordsFilter(request.params.filter)
      const job = await exports.start(filter, request.user)
      return {
        message: RECORD_MESSAGES.exportLogged,
        jobId: job.id,
        status: 'running' as const,
        delivery: delivery.kind,
        downloadUrl: null,
      }
    },
  )
}

/** A job's status and, once done, its workbook: only for the caller's own jobs. */
function jobRoutes(app: FastifyInstance, { jobs, documents, prefix }: ExportContext) {
  const downloadUrl = (job: JobRow) =>
    job.status === 'done' && job.documentId ? `${prefix}${BASE}/jobs/${job.id}/download` : null
  const toJob = (job: JobRow): Job => ({
    id: job.id,
    kind: job.kind as Job['kind'],
    status: job.status as Job['status'],
    error: job.error,
    result: job.result ?? null,
    downloadUrl: downloadUrl(job),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  })

  /** The caller's own export job (configurators and admins may read any). */
  const ownJob = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = positiveId(request.params.id, RECORD_MESSAGES.jobNotFound)
    const job = await jobs.get(id)
    const mayRead = job && (job.createdBy === request.user.id || CONFIGURE_VIEWS.includes(request.user.view))
    if (!job || job.kind !== 'excelExport' || !mayRead) throw notFound(RECORD_MESSAGES.jobNotFound(id))
    return job
  }

  app.get<{ Params: { id: string } }>(
    `${BASE}/jobs/:id`,
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Status of an export job.',
        params: textParams('id'),
        response: { 200: jobSchema },
      },
    },
    async (request) => toJob(await ownJob(request)),
  )

  app.get<{ Params: { id: string } }>(
    `${BASE}/jobs/:id/download`,
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, summary: 'The finished export workbook.', params: textParams('id') },
    },
    async (request, reply) => {
      const job = await ownJob(request)
      const doc = job.documentId ? await documents.byId(job.documentId) : undefined
      if (job.status !== 'done' || !doc) throw notFound(RECORD_MESSAGES.exportNotReady)
      return reply
        .header('Content-Type', doc.contentType)
        .header('Content-Disposition', attachmentHeader(doc.originalFilename))
        .send(doc.content)
    },
  )
}

/**
 * The Excel export of SPEC §7: the call logs a job and answers at once ('Request logged, you will receive
 * an email with the results.'); the workbook is built in the background, stored as a document (so any
 * instance can serve it) and e-mailed to the user when SMTP is configured, otherwise filed as that e-mail
 * in the outbox folder (server/records/export/deliver.ts). Job status and download calls let the SPA offer a link.
 */
const excelExport: FastifyPluginAsync = async (app) => {
  const jobs = new JobsRepository(app.db)
  const documents = new DocumentsRepository(app.db)
  const delivery = exportDelivery(process.env, app.settings.title, app.settings.dataDir)
  const exports = new ExcelExportJobs(app.db, delivery, app.log)
  app.addHook('onClose', () => exports.drain())

  const context: ExportContext = { jobs, documents, delivery, exports, prefix: app.prefix }
  exportStartRoute(app, context)
  jobRoutes(app, context)
}

export default excelExport
