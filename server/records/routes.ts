import type { FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  recordPageSchema,
  recordViewSchema,
  RECORD_MESSAGES,
  RECORD_SORT_FIELDS,
} from '../../schemas/records/index'
import { parseRecordsFilter } from './records-filter'
import { parsePaging } from './filter-params'
import { RecordsRepository } from './records'
import { Certificates } from '../certificates/certificates'
import { certificateOrigin } from '../certificates/certificate-origin'
import { positiveId, textParams } from '../http-params'

const tags = ['records']

/**
 * Record calls of SPEC §7 on {data}. Scoping is enforced here for every caller: supplier-view users see
 * only their supplier's records, internal and supplier users only the categories of their ITRViewer claim.
 */
const recordsRoutes: FastifyPluginAsync = async (app) => {
  const repo = new RecordsRepository(app.db)

  app.get<{ Params: { id: string } }>(
    '/api/InstrumentTestRecord/Record/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary:
          "One record with its data, the impact cases it is suspect in, and a calibration's outcome; same scope as the records list.",
        params: textParams('id'),
        response: { 200: recordViewSchema },
      },
    },
    async (request) => repo.view(positiveId(request.params.id, RECORD_MESSAGES.recordNotFound), request.user),
  )

  app.get<{ Params: { id: string } }>(
    '/api/InstrumentTestRecord/Record/:id/certificate.pdf',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: "The record's test certificate (PDF, A4 or CERTIFICATE_PAPER); same access as the record.",
        params: textParams('id'),
      },
    },
    async (request, reply) => {
      const id = positiveId(request.params.id, RECORD_MESSAGES.recordNotFound)
      const certificates = new Certificates(request.db, {
        title: app.settings.title,
        paper: app.settings.certificatePaper,
      })
      const pdf = await certificates.pdf(id, request.user, certificateOrigin(app.settings))
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="certificate-${id}.pdf"`)
        .send(pdf)
    },
  )

  app.get<{ Params: { page: string; size: string; filter: string } }>(
    '/api/InstrumentTestRecord/Records/page/:page/size/:size/filter/:filter',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'One page of record list items.',
        description:
          'Pages count from 1 (0 is also the first page); size 1..1000. filter is URL-encoded JSON ' +
          '{filters: [{field, value}], startDate, endDate, sortField, sortDirection}. Fields: productSerialNumber, ' +
          'productTypeId (producttypeid), recordTypeId, testEquipment, category (test | despatch | problemReport | ' +
          'calibration | all), supplierId, supplier (name), result (pass | fail | n/a), customer (name), customerId, ' +
          'jobNumber, batchNumber, faultItem, repairItem, faultDescriptive, repairDescriptive (contains), productId, ' +
          'deviceOwnerId, serialContains, supplierContains, customerContains (any part, any case: the grid boxes), ' +
          `suspect, status, superseded, queue; a value may be a list. sortField: ${RECORD_SORT_FIELDS.join(', ')}; default recordDate desc.`,
        params: textParams('page', 'size', 'filter'),
        response: { 200: recordPageSchema },
      },
    },
    async (request) => {
      const { page, size } = parsePaging(request.params.page, request.params.size)
      const filter = parseRecordsFilter(request.params.filter)
      return repo.page(filter, page, size, request.user)
    },
  )
}

export default recordsRoutes
