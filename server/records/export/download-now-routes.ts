import type { FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../../schemas/roles'
import { DOWNLOAD_NOW_LIMIT, RECORD_MESSAGES } from '../../../schemas/records/index'
import { badRequest } from '../../http-error'
import { buildRecordsWorkbook, XLSX_TYPE } from './xlsx'
import { RecordsRepository } from '../records'
import { parseRecordsFilter } from '../records-filter'
import { attachmentHeader } from '../../documents/routes'
import { textParams } from '../../http-params'

/**
 * 'Download now' (beyond SPEC, docs/decisions.md "One export"): the same workbook as the e-mailed export
 * (server/records/export/xlsx.ts: one column list, one formula neutraliser), built while the caller waits, for
 * filtered sets of up to DOWNLOAD_NOW_LIMIT records. Larger sets go through the logged export.
 */
const downloadNow: FastifyPluginAsync = async (app) => {
  const records = new RecordsRepository(app.db)

  app.get<{ Params: { filter: string } }>(
    '/api/InstrumentTestRecord/ExcelExport/now/filter/:filter',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags: ['records'],
        summary: `The export workbook at once, for up to ${DOWNLOAD_NOW_LIMIT} matching records.`,
        description:
          'Same filter JSON, scoping and workbook as ExcelExport/filter/{filter}; answered as an attachment. ' +
          'No matching record, or more than the limit, is a 400 with the message to show.',
        params: textParams('filter'),
      },
    },
    async (request, reply) => {
      const filter = parseRecordsFilter(request.params.filter)
      const matches = await records.count(filter, request.user, DOWNLOAD_NOW_LIMIT + 1)
      if (matches === 0) throw badRequest(RECORD_MESSAGES.downloadNowNone)
      if (matches > DOWNLOAD_NOW_LIMIT)
        throw badRequest(RECORD_MESSAGES.downloadNowTooMany(DOWNLOAD_NOW_LIMIT))
      const { content } = await buildRecordsWorkbook(app.db, filter, request.user)
      const filename = `records-${new Date().toISOString().slice(0, 10)}.xlsx`
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentHeader(filename))
        .send(content)
    },
  )
}

export default downloadNow
