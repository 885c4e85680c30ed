import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  csvResultSchema,
  csvUploadSchema,
  recordSubmissionSchema,
  RECORD_MESSAGES,
  submissionResultSchema,
  type CsvUpload,
  type RecordSubmission,
} from '../../schemas/records/index'
import { RecordDefinitionCache } from '../record-types/record-definitions'
import { CsvIngest } from './csv-ingest'
import { decodeCsvFile } from './csv-file'
import { SubmissionsRepository } from './submissions'
import type { SubmissionKind } from './types'
import { expectedRevisionOf, ifMatchHeader } from '../if-match'
import { positiveId, revisionOfParam, textParams } from '../http-params'

const tags = ['submission']
const headers = {
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } },
} as const

/** An edit's headers: the Idempotency-Key, and If-Match with the record revision the editor loaded. */
const editHeaders = {
  type: 'object',
  properties: { ...headers.properties, ...ifMatchHeader("The record's revision").properties },
} as const

/** The optional Idempotency-Key header: a retried call with the same key gets the first answer. */
const keyOf = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key']
  return typeof key === 'string' && key.trim() ? key.trim() : undefined
}

/** The submission routes' shared state: the app's database's record definitions (issue #17.1). */
interface SubmitOptions {
  definitions: RecordDefinitionCache
}

const repo = (request: Pick<FastifyRequest, 'db'>, { definitions }: SubmitOptions) =>
  new SubmissionsRepository(request.db, definitions)
const csv = (request: Pick<FastifyRequest, 'db'>) => new CsvIngest(request.db)

/** One record submitted: upload-single, calibration and despatch, with and without the trailing slash. */
const submitRoutes: FastifyPluginAsync<SubmitOptions> = async (app, options) => {
  const routes: [string, SubmissionKind, string][] = [
    ['upload-single', 'single', 'Stores a Test or Problem Report record.'],
    ['calibration', 'calibration', 'Stores a Calibration record and creates or updates its test equipment.'],
    ['despatch', 'despatch', 'Stores a Despatch record (customer created on first use).'],
  ]
  for (const [path, kind, summary] of routes) {
    for (const url of [`/api/InstrumentTest/${path}/`, `/api/InstrumentTest/${path}`]) {
      app.post<{ Body: RecordSubmission }>(
        url,
        {
          config: { views: RECORD_READ_VIEWS, audit: 'record' },
          schema: {
            tags,
            summary,
            description:
              'One transaction: the data is checked against the record type (mapped fields, required controls, ' +
              'test equipment minimums) and its field mappings applied (DESIGN.md §5). n/a is stored as "-". ' +
              'The server judges the record: test and group results are computed from the values and the ' +
              'layout revision; results may be left out (values only), and a result that disagrees is refused ' +
              'with 400 naming the variable, value and limits. When the record type has a layout, a data field ' +
              'that is neither a layout variable nor a mapped field is refused with 400 naming it, unless the ' +
              'record named by ?revisionOf={id} (same record type, readable by the caller) holds it. ' +
              'A user submits only the categories it may read. ' +
              'An Idempotency-Key header makes a retry answer the first result; the key with another body is 422.',
            headers,
            body: recordSubmissionSchema,
            response: { 200: submissionResultSchema },
          },
        },
        async (request) =>
          repo(request, options).submit(
            kind,
            request.body,
            request.user,
            keyOf(request),
            // Checked before the handler (the audit plugin): readable by the caller.
            revisionOfParam(request.query),
          ),
      )
    }
  }
}

/** A Problem Report's content replaced. */
const editRoutes: FastifyPluginAsync<SubmitOptions> = async (app, options) => {
  app.put<{ Params: { id: string }; Body: RecordSubmission }>(
    '/api/InstrumentTest/Record/:id',
    {
      config: { views: RECORD_READ_VIEWS, audit: 'record' },
      schema: {
        tags,
        summary: 'Replaces the content of a Problem Report record.',
        description:
          'Only a record the caller may read (supplier and ITRViewer categories), otherwise 404 like the GET. ' +
          'Judged against the layout revision the record was captured with. A data field that is neither a ' +
          'variable of that layout nor a mapped field is refused with 400 naming it, unless the record already ' +
          'holds it. With If-Match naming the revision the editor loaded, an edit of a record changed since is ' +
          'refused with 409.',
        headers: editHeaders,
        params: textParams('id'),
        body: recordSubmissionSchema,
        response: { 200: submissionResultSchema },
      },
    },
    async (request) =>
      repo(request, options).edit(
        positiveId(request.params.id, RECORD_MESSAGES.recordNotFound),
        request.body,
        request.user,
        keyOf(request),
        expectedRevisionOf(request, RECORD_MESSAGES.badIfMatch),
      ),
  )
}

/** The all-or-nothing CSV upload. */
const csvUploadRoutes: FastifyPluginAsync = async (app) => {
  for (const url of ['/api/InstrumentTest/upload-csv/', '/api/InstrumentTest/upload-csv']) {
    app.post<{ Body: CsvUpload }>(
      url,
      {
        config: { views: RECORD_READ_VIEWS },
        schema: {
          tags,
          summary: 'Stores every row of a CSV file as a record, or none.',
          description:
            'data is the base64 CSV, at most 20 MB (413 past it), UTF-8 text (any other encoding is refused with 400 naming the first bad ' +
            'byte and its line); its header row names layout variables (or mapped columns), each column named. ' +
            'A cell whose quotes do not pair up refuses the file with 400, a detail per cell. Every row is ' +
            'checked; when any fails the answer is 400 with details [{line, reason}] for every bad row and ' +
            'nothing is stored. Rows are judged like single records (results may be left out; a result that ' +
            'disagrees with the values fails its row). The ingest is recorded as a job.',
          headers,
          body: csvUploadSchema,
          response: { 200: csvResultSchema },
        },
      },
      async (request) => {
        const text = decodeCsvFile(request.body.data)
        return csv(request).ingest({ ...request.body, text }, request.user, keyOf(request))
      },
    )
  }
}

/**
 * The {submission} host of SPEC §7: record submissions (upload-single for Test and Problem Report,
 * calibration, despatch), Problem Report edits and the all-or-nothing CSV upload. The groups keep the
 * routes' order.
 */
const submissionService: FastifyPluginAsync = async (app) => {
  // Jobs a stopped instance left running (at start-up, outside any request).
  await new CsvIngest(app.db).failInterruptedJobs()
  // One app, one database: its record definitions are kept across requests, each confirmed by the
  // database in the submission's first statement (RecordDefinitionCache).
  const definitions = new RecordDefinitionCache()
  await app.register(submitRoutes, { definitions })
  await app.register(editRoutes, { definitions })
  await app.register(csvUploadRoutes)
}

export default submissionService
