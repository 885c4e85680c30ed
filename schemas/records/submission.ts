import type { FromSchema } from 'json-schema-to-ts'
import { overrideRequestSchema } from './equipment-snapshot'
import { closedBody } from '../entities/closed-body'
import { RECORD_MESSAGES } from './messages'

const optionalId = { type: ['integer', 'null'], minimum: 1 } as const

const recordSubmissionProperties = {
  supplierId: optionalId,
  deviceOwnerId: optionalId,
  productTypeId: optionalId,
  recordTypeId: { type: 'integer', minimum: 1 },
  fileName: { type: ['string', 'null'], maxLength: 500 },
  data: { type: 'object', additionalProperties: true },
  /** Blocked test equipment used anyway, by configurators and admins only (issue #15.1). */
  calibrationOverrides: { type: ['array', 'null'], maxItems: 100, items: overrideRequestSchema },
} as const

/**
 * Body of `POST {submission}/api/InstrumentTest/upload-single/`, `/calibration`, `/despatch` and
 * `PUT /api/InstrumentTest/Record/{id}` (SPEC §3 "Record submission"). `data` holds the form's values by
 * layout variable; the record type's field mappings say which variable carries serial, date, result …
 */
export const recordSubmissionSchema = {
  $id: 'RecordSubmission',
  type: 'object',
  required: ['recordTypeId', 'data'],
  ...closedBody('submission', recordSubmissionProperties, RECORD_MESSAGES.unknownSubmissionField),
} as const

export type RecordSubmission = FromSchema<typeof recordSubmissionSchema>

/**
 * The largest CSV file an upload takes, checked by the SPA before sending and by the server on the decoded
 * bytes: sent as base64 in JSON it stays inside the server's 30 MB request limit (docs/csv-upload.md).
 */
export const CSV_FILE_LIMIT_MB = 20

/**
 * The largest document (a form upload, a calibration certificate) the server takes by default, in MB:
 * UPLOAD_MAX_MB overrides it, and /config.json tells the SPA the limit in force (`uploadLimitMb`), which
 * checks a file before sending it.
 */
export const DOCUMENT_FILE_LIMIT_MB = 20

/** Body of `POST {submission}/api/InstrumentTest/upload-csv/` (SPEC §3 "CSV upload"): data is base64 CSV. */
export const csvUploadSchema = {
  $id: 'CsvUpload',
  type: 'object',
  required: ['supplierId', 'productTypeId', 'recordTypeId', 'data'],
  ...closedBody(
    'CSV upload',
    {
      supplierId: { type: 'integer', minimum: 1 },
      productTypeId: { type: 'integer', minimum: 1 },
      recordTypeId: { type: 'integer', minimum: 1 },
      fileName: { type: ['string', 'null'], maxLength: 500 },
      // An empty file says so in the words of any other file without rows (audit s8c D4).
      data: { type: 'string', minLength: 1, errorMessage: { minLength: RECORD_MESSAGES.csvEmpty } },
    } as const,
    RECORD_MESSAGES.unknownUploadField,
  ),
} as const

export type CsvUpload = FromSchema<typeof csvUploadSchema>

/** Answer of a stored submission. */
export const submissionResultSchema = {
  type: 'object',
  required: ['recordId', 'message'],
  properties: {
    recordId: { type: 'integer' },
    productId: { type: ['integer', 'null'] },
    testEquipmentId: { type: ['integer', 'null'] },
    message: { type: 'string' },
  },
} as const

export type SubmissionResult = FromSchema<typeof submissionResultSchema>

/** Answer of an accepted CSV upload: the SPEC §8 upload text, the job and how many records were stored. */
export const csvResultSchema = {
  type: 'object',
  required: ['message', 'jobId', 'records'],
  properties: {
    message: { type: 'string' },
    jobId: { type: 'integer' },
    records: { type: 'integer' },
  },
} as const

export type CsvResult = FromSchema<typeof csvResultSchema>

/** One rejected CSV row of a 400 answer's `details`. */
export const csvRowErrorSchema = {
  type: 'object',
  required: ['line', 'reason'],
  properties: { line: { type: 'integer' }, reason: { type: 'string' } },
} as const

export type CsvRowError = FromSchema<typeof csvRowErrorSchema>
