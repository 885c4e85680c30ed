import type { FromSchema } from 'json-schema-to-ts'

/** 'Download now' (beyond SPEC) builds the workbook while the caller waits, for up to this many records. */
export const DOWNLOAD_NOW_LIMIT = 10_000

export const JOB_KINDS = ['csvIngest', 'excelExport', 'certificateBatch'] as const
export const JOB_STATUSES = ['pending', 'running', 'done', 'error'] as const

/** A background job as `GET {data}/api/InstrumentTestRecord/ExcelExport/jobs/{id}` answers it. */
export const jobSchema = {
  type: 'object',
  required: ['id', 'kind', 'status', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: JOB_KINDS },
    status: { type: 'string', enum: JOB_STATUSES },
    error: { type: ['string', 'null'] },
    result: { type: ['object', 'null'], additionalProperties: true },
    /** Where the finished export can be downloaded (when it was not e-mailed). */
    downloadUrl: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const

export type Job = FromSchema<typeof jobSchema>

/** Answer of the Excel export call: the SPEC §8 text and the job to follow. */
export const exportAcceptedSchema = {
  type: 'object',
  required: ['message', 'jobId'],
  properties: {
    message: { type: 'string' },
    jobId: { type: 'integer' },
    status: { type: 'string', enum: JOB_STATUSES },
    delivery: { type: 'string', enum: ['email', 'outbox'] },
    downloadUrl: { type: ['string', 'null'] },
  },
} as const

export type ExportAccepted = FromSchema<typeof exportAcceptedSchema>
