import type { FromSchema } from 'json-schema-to-ts'
import { closedBody } from '../entities/closed-body'
import { recordsFilterSchema } from './record'

/**
 * Batch certificates (issue #16.3): the records chosen on /Records, by their ids or by the records page's
 * filter, as one zip of PDFs or one merged PDF.
 */

/** Up to this many certificates are made while the caller waits; more run as a job and are e-mailed. */
export const CERTIFICATE_BATCH_LIMIT = 1000
/** The most one batch job makes (an e-mail can carry only so much). */
export const CERTIFICATE_JOB_LIMIT = 10_000

export const CERTIFICATE_FORMATS = ['zip', 'pdf'] as const
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number]

const n = (count: number) => count.toLocaleString('en-GB')

export const CERTIFICATE_BATCH_MESSAGES = {
  idsOrFilter: 'Choose the records either by their ids or by a filter.',
  format: 'The format must be zip (one PDF per record) or pdf (one merged PDF).',
  tooManyIds: `Select at most ${n(CERTIFICATE_BATCH_LIMIT)} records, or use 'select all matching'.`,
  none: 'No records match these filters.',
  tooMany: (count: number) =>
    `${n(count)} or more records match; one batch makes at most ${n(CERTIFICATE_JOB_LIMIT)} certificates. Narrow the filters.`,
  notYours: (ids: readonly number[]) =>
    `You may not have the certificates of record${ids.length === 1 ? '' : 's'} ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ' …' : ''}.`,
  logged: (count: number) =>
    `${n(count)} certificates are being prepared; you will receive an email with them.`,
  failed: 'The certificates could not be made. Please try again.',
} as const

/**
 * The records page's filter as a batch body carries it: the same fields (recordsFilterSchema), each filter
 * entry {field, value}, and no other key at either level (closed-body.ts). In a URL the records page's
 * filter is SPEC's and left as it is; here a key the batch would not use is refused.
 */
const batchFilterSchema = {
  type: 'object',
  description: 'The records page filter: {filters, startDate, endDate, sortField, sortDirection}.',
  ...closedBody('records filter', {
    ...recordsFilterSchema.properties,
    filters: {
      ...recordsFilterSchema.properties.filters,
      items: {
        ...recordsFilterSchema.properties.filters.items,
        // The value's own shape is parseRecordsFilter's to check, as for the records page (its union
        // types would have Fastify's strict ajv log a warning here).
        ...closedBody('records filter entry', {
          field: recordsFilterSchema.properties.filters.items.properties.field,
          value: {},
        }),
      },
    },
  }),
} as const

/** Body of `POST {data}/api/InstrumentTestRecord/Certificates`: format, and ids or filter; no other key. */
export const certificateBatchSchema = {
  type: 'object',
  required: ['format'],
  ...closedBody('certificate batch', {
    format: { type: 'string', enum: CERTIFICATE_FORMATS, errorMessage: CERTIFICATE_BATCH_MESSAGES.format },
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: CERTIFICATE_BATCH_LIMIT,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      errorMessage: { maxItems: CERTIFICATE_BATCH_MESSAGES.tooManyIds },
    },
    /** The records page's filter JSON, checked by the same parser (parseRecordsFilter) on the server. */
    filter: batchFilterSchema,
  }),
} as const

export type CertificateBatch = FromSchema<typeof certificateBatchSchema>

/** The answer when the batch runs as a job (202). */
export const certificateJobAcceptedSchema = {
  type: 'object',
  required: ['message', 'jobId', 'count'],
  properties: {
    message: { type: 'string' },
    jobId: { type: 'integer' },
    count: { type: 'integer' },
    status: { type: 'string' },
    delivery: { type: 'string', enum: ['email', 'outbox'] },
  },
} as const

export type CertificateJobAccepted = FromSchema<typeof certificateJobAcceptedSchema>
