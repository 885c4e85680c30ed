import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  CERTIFICATE_BATCH_LIMIT,
  CERTIFICATE_BATCH_MESSAGES,
  CERTIFICATE_JOB_LIMIT,
  certificateBatchSchema,
  certificateJobAcceptedSchema,
  type CertificateBatch as BatchBody,
} from '../../schemas/records/index'
import { DocumentsRepository } from '../documents/documents'
import { attachmentHeader } from '../documents/routes'
import { badRequest } from '../http-error'
import { JobsRepository } from '../jobs/jobs'
import { jobRoutes } from '../jobs/job-routes'
import { exportDelivery } from '../records/export/deliver'
import { RecordsRepository } from '../records/records'
import { parseRecordsFilter } from '../records/records-filter'
import { CertificateBatch } from './batch'
import { CertificateBatchJobs, CONTENT_TYPES } from './batch-jobs'
import { certificateOrigin } from './certificate-origin'

const tags = ['records']
const BASE = '/api/InstrumentTestRecord/Certificates'

/** What the certificate routes share: the settings, the repositories, the delivery and the batch jobs. */
interface Context {
  settings: { title: string; paper: 'A4' | 'LETTER' }
  records: RecordsRepository
  jobs: JobsRepository
  documents: DocumentsRepository
  delivery: ReturnType<typeof exportDelivery>
  batchJobs: CertificateBatchJobs
}

/** `POST Certificates`: the file at once up to the batch limit, a job beyond it. */
function batchRoute(app: FastifyInstance, { settings, records, delivery, batchJobs }: Context) {
  app.post<{ Body: BatchBody }>(
    BASE,
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Certificates of many records: one zip of PDFs or one merged PDF.',
        description:
          `Body: {format: zip | pdf, ids: [record ids, at most ${CERTIFICATE_BATCH_LIMIT}]} or {format, filter: the ` +
          'records page filter JSON}. Scoped like the records page: a filter matches only records the caller ' +
          'may read; ids the caller may not read are refused (403). Up to ' +
          `${CERTIFICATE_BATCH_LIMIT} records the file is the answer (streamed); more (up to ${CERTIFICATE_JOB_LIMIT}) ` +
          'answer 202 with a job whose file is e-mailed (SMTP_URL) or filed in the outbox, and downloadable from ' +
          'Certificates/jobs/{id}/download.',
        body: certificateBatchSchema,
        response: { 202: certificateJobAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { format, ids: chosen, filter: rawFilter } = request.body
      if ((chosen === undefined) === (rawFilter === undefined))
        throw badRequest(CERTIFICATE_BATCH_MESSAGES.idsOrFilter)
      const batch = new CertificateBatch(request.db, settings)
      // APP_URL, never the request's Host (audit s9 F10); a job keeps it in its payload.
      const origin = certificateOrigin(app.settings)
      let ids: number[]
      if (chosen) ids = await batch.checkIds(chosen, request.user)
      else {
        const filter = parseRecordsFilter(JSON.stringify(rawFilter))
        const count = await records.count(filter, request.user, CERTIFICATE_JOB_LIMIT + 1)
        if (count === 0) throw badRequest(CERTIFICATE_BATCH_MESSAGES.none)
        if (count > CERTIFICATE_JOB_LIMIT) throw badRequest(CERTIFICATE_BATCH_MESSAGES.tooMany(count))
        if (count > CERTIFICATE_BATCH_LIMIT) {
          const job = await batchJobs.start({ filter, format, origin }, request.user)
          return reply.status(202).send({
            message: CERTIFICATE_BATCH_MESSAGES.logged(count),
            jobId: job.id,
            count,
            status: 'running',
            delivery: delivery.kind,
          })
        }
        ids = await batch.idsOf(filter, request.user, CERTIFICATE_BATCH_LIMIT)
      }
      await batch.checkLayouts(ids, request.user)
      const day = new Date().toISOString().slice(0, 10)
      const stream =
        format === 'zip' ? batch.zip(ids, request.user, origin) : batch.pdf(ids, request.user, origin)
      return reply
        .type(CONTENT_TYPES[format])
        .header('Content-Disposition', attachmentHeader(`certificates-${day}.${format}`))
        .header('X-Certificate-Count', String(ids.length))
        .send(stream)
    },
  )
}

/**
 * Batch certificates on {data} (issue #16.3): `POST Certificates` with the records chosen by id or by the
 * records page's filter answers one zip of PDFs or one merged PDF at once for up to
 * CERTIFICATE_BATCH_LIMIT records, and a job (202) for more, e-mailed or filed in the outbox like the
 * Excel export; the job's status and file follow.
 */
const certificateRoutes: FastifyPluginAsync = async (app) => {
  const settings = { title: app.settings.title, paper: app.settings.certificatePaper }
  const db = app.db
  const delivery = exportDelivery(process.env, app.settings.title, app.settings.dataDir)
  const batchJobs = new CertificateBatchJobs(db, delivery, app.log, settings)
  app.addHook('onClose', () => batchJobs.drain())
  const context: Context = {
    settings,
    records: new RecordsRepository(db),
    jobs: new JobsRepository(db),
    documents: new DocumentsRepository(db),
    delivery,
    batchJobs,
  }
  batchRoute(app, context)
  jobRoutes(app, {
    base: BASE,
    kind: 'certificateBatch',
    tags,
    summaries: {
      status: 'Status of a certificate batch job.',
      download: "A finished batch job's zip or PDF.",
    },
    jobs: context.jobs,
    documents: context.documents,
    fileDays: app.settings.exportFileDays,
  })
}

export default certificateRoutes
