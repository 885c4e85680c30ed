import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS } from '../../schemas/roles'
import {
  calibrationHistorySchema,
  dispositionRequestSchema,
  equipmentUsageFilterSchema,
  equipmentUsagePageSchema,
  IMPACT_MESSAGES,
  impactCaseFilterSchema,
  impactCasePageSchema,
  impactCaseSchema,
  openLapsedCaseSchema,
  RECORD_MESSAGES,
  suspectRecordFilterSchema,
  suspectRecordPageSchema,
  type DispositionRequest,
  type EquipmentUsageFilter,
  type ImpactCaseFilter,
  type SuspectRecordFilter,
} from '../../schemas/records/index'
import { attachmentHeader } from '../documents/routes'
import { positiveId, textParams } from '../http-params'
import { badRequest } from '../http-error'
import { XLSX_TYPE } from '../records/export/xlsx'
import { parseFilter, parsePaging } from '../records/filter-params'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { CalibrationHistory } from './calibration-history'
import { assertRecordIdsInRange, deviceIdInRange } from './case-bodies'
import { ImpactCasesRepository } from './cases'
import { assertMayDecide, ImpactDecisions } from './decisions'
import { buildCaseWorkbook } from './export'
import { usagePage } from './usage'

const tags = ['impact cases']
const caseId = (request: FastifyRequest<{ Params: { id: string } }>) =>
  positiveId(request.params.id, IMPACT_MESSAGES.notFound)
const deviceId = (request: FastifyRequest<{ Params: { id: string } }>) =>
  positiveId(request.params.id, RECORD_MESSAGES.testEquipmentNotFoundId)
const pageParams = (...more: string[]) => textParams(...more, 'page', 'size', 'filter')
/**
 * Case actions: other roles learn at once, with a message that says who may (issue #15.3) — before the
 * body is even parsed, so a malformed body from them is 403 too (audit s10 h1-4).
 */
const decidersOnly = async (request: FastifyRequest) => assertMayDecide(request.user)
/** Closing takes no body: one that says anything is refused rather than ignored (audit s10 h1-5). */
const noBody = async (request: FastifyRequest) => {
  const body: unknown = request.body
  const empty =
    body == null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
  if (!empty) throw badRequest(IMPACT_MESSAGES.closeTakesNoBody)
}

/**
 * Impact cases on {itr} (issue #15.3): read by configurators and admins (the /ImpactCases screen);
 * dispositions, closing and opening a case are theirs too, refused for anyone else with 403 and a message,
 * each write in one audited transaction.
 */
const caseReads: FastifyPluginAsync = async (app) => {
  const repo = new ImpactCasesRepository(app.db)
  const read = { config: { views: CONFIGURE_VIEWS } }

  app.get<{ Params: { page: string; size: string; filter: string } }>(
    '/api/ImpactCases/page/:page/size/:size/filter/:filter',
    {
      ...read,
      schema: {
        tags,
        summary:
          'One page of impact cases (newest first) with counts undecided / accepted / retest / recalled.',
        description: 'filter: {status: open|closed, testEquipmentId, sortDirection}.',
        params: pageParams(),
        response: { 200: impactCasePageSchema },
      },
    },
    async (request) => {
      const { page, size } = parsePaging(request.params.page, request.params.size)
      return repo.page(
        parseFilter<ImpactCaseFilter>(request.params.filter, impactCaseFilterSchema),
        page,
        size,
      )
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/ImpactCases/:id',
    { ...read, schema: { tags, params: textParams('id'), response: { 200: impactCaseSchema } } },
    async (request) => repo.get(caseId(request)),
  )

  app.get<{ Params: { id: string; page: string; size: string; filter: string } }>(
    '/api/ImpactCases/:id/records/page/:page/size/:size/filter/:filter',
    {
      ...read,
      schema: {
        tags,
        summary: "One page of a case's suspect records (oldest first); filter: {state, sortDirection}.",
        params: pageParams('id'),
        response: { 200: suspectRecordPageSchema },
      },
    },
    async (request) => {
      const { page, size } = parsePaging(request.params.page, request.params.size)
      const filter = parseFilter<SuspectRecordFilter>(request.params.filter, suspectRecordFilterSchema)
      return repo.records(caseId(request), filter, page, size)
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/ImpactCases/:id/export.xlsx',
    {
      ...read,
      schema: { tags, summary: 'The case as an .xlsx workbook for auditors.', params: textParams('id') },
    },
    async (request, reply) => {
      const { content, filename } = await buildCaseWorkbook(app.db, caseId(request))
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentHeader(filename))
        .send(content)
    },
  )
}

const caseWrites: FastifyPluginAsync = async (app) => {
  const decisions = (request: FastifyRequest) => new ImpactDecisions(request.db)
  const write = { config: { audit: 'impactCase' as const }, onRequest: decidersOnly }

  app.post<{ Params: { id: string }; Body: DispositionRequest }>(
    '/api/ImpactCases/:id/dispositions',
    {
      ...write,
      schema: {
        tags,
        summary: 'Gives records of the case a disposition: accept (with a reason), retest or recall.',
        description:
          'Who and when are the caller and the server clock. A record outside the case is 400; a closed case 409.',
        params: textParams('id'),
        body: dispositionRequestSchema,
        response: { 200: impactCaseSchema },
      },
    },
    async (request) => {
      const id = caseId(request)
      await assertRecordIdsInRange(new ImpactCasesRepository(request.db), id, request.body.recordIds)
      return decisions(request).decide(id, request.body, request.user)
    },
  )

  app.post<{ Params: { id: string } }>(
    '/api/ImpactCases/:id/close',
    {
      ...write,
      schema: {
        tags,
        summary: 'Closes the case; refused with 409 while any record has no disposition.',
        description: 'Takes no body (none, or {}); any other body is 400.',
        params: textParams('id'),
        response: { 200: impactCaseSchema },
      },
      preValidation: noBody,
    },
    async (request) => decisions(request).close(caseId(request), request.user),
  )

  app.post<{ Body: { testEquipmentId: number } }>(
    '/api/ImpactCases',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Opens a case for a device used after its calibration expired (its records used after expiry).',
        body: openLapsedCaseSchema,
        response: { 200: impactCaseSchema },
      },
    },
    async (request) =>
      decisions(request).openLapsed(deviceIdInRange(request.body.testEquipmentId), request.user),
  )
}

/** A device's calibration history and usage, for /TestEquipment/{id} (configurators and admins). */
const deviceReads: FastifyPluginAsync = async (app) => {
  const devices = new TestEquipmentRepository(app.db)
  const read = { config: { views: CONFIGURE_VIEWS } }

  app.get<{ Params: { id: string } }>(
    '/api/testEquipment/:id/calibrations',
    {
      ...read,
      schema: {
        tags: ['test equipment'],
        summary:
          'Every calibration of the device, newest first: certificate, as found, as left, case opened.',
        params: textParams('id'),
        response: { 200: calibrationHistorySchema },
      },
    },
    async (request) => {
      const id = deviceId(request)
      await devices.get(id)
      return new CalibrationHistory(app.db).ofDevice(id)
    },
  )

  app.get<{ Params: { id: string; page: string; size: string; filter: string } }>(
    '/api/testEquipment/:id/usage/page/:page/size/:size/filter/:filter',
    {
      ...read,
      schema: {
        tags: ['test equipment'],
        summary: 'One page of the records that used the device (newest first).',
        description:
          'filter: {from, to (days, both included), afterExpiry: only records used on or after the expiry ' +
          'day of the calibration in force at their date, sortDirection}.',
        params: pageParams('id'),
        response: { 200: equipmentUsagePageSchema },
      },
    },
    async (request) => {
      const id = deviceId(request)
      const { page, size } = parsePaging(request.params.page, request.params.size)
      const filter = parseFilter<EquipmentUsageFilter>(request.params.filter, equipmentUsageFilterSchema)
      await devices.get(id)
      return usagePage(app.db, id, filter, page, size, request.user)
    },
  )
}

const impactCaseRoutes: FastifyPluginAsync = async (app) => {
  await app.register(caseReads)
  await app.register(caseWrites)
  await app.register(deviceReads)
}

export default impactCaseRoutes
