import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../../schemas/roles'
import { exportAcceptedSchema, RECORD_MESSAGES } from '../../../schemas/records/index'
import { exportDelivery, type ExportDelivery } from './deliver'
import { ExcelExportJobs } from '../../jobs/excel-export-jobs'
import { DocumentsRepository } from '../../documents/documents'
import { parseRecordsFilter } from '../records-filter'
import { JobsRepository } from '../../jobs/jobs'
import { jobRoutes } from '../../jobs/job-routes'
import { textParams } from '../../http-params'

const tags = ['records']
const BASE = '/api/InstrumentTestRecord/ExcelExport'

/** The call that parses the filter, logs the job and answers at once. */
function exportStartRoute(
  app: FastifyInstance,
  { exports, delivery }: { exports: ExcelExportJobs; delivery: ExportDelivery },
) {
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

/**
 * The Excel export of SPEC §7: the call logs a job and answers at once ('Request logged, you will receive
 * an email with the results.'); the workbook is built in the background, stored as a document (so any
 * instance can serve it) and e-mailed to the user when SMTP is configured, otherwise filed as that e-mail
 * in the outbox folder (server/records/export/deliver.ts). Job status and download calls let the SPA offer a link.
 */
const excelExport: FastifyPluginAsync = async (app) => {
  const delivery = exportDelivery(process.env, app.settings.title, app.settings.dataDir)
  const exports = new ExcelExportJobs(app.db, delivery, app.log)
  app.addHook('onClose', () => exports.drain())

  exportStartRoute(app, { exports, delivery })
  jobRoutes(app, {
    base: BASE,
    kind: 'excelExport',
    tags,
    summaries: { status: 'Status of an export job.', download: 'The finished export workbook.' },
    jobs: new JobsRepository(app.db),
    documents: new DocumentsRepository(app.db),
    fileDays: app.settings.exportFileDays,
  })
}

export default excelExport
