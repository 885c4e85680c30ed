import type { FromSchema } from 'json-schema-to-ts'
import { PASS_OR_FAIL } from './constants'

/**
 * Shapes of the values controls store in record data (SPEC §3 "Test field kinds", "Document",
 * "Field control kinds"). The runtime compiler builds the data schema from these and the server can
 * check submissions with the same ones.
 */

/**
 * ISO 8601 duration with one or more designators, e.g. P3M, PT2.5H, P1DT12H, P2W. A fraction is
 * allowed on any component (the runtime only writes one component per value).
 */
export const ISO_DURATION_PATTERN =
  '^P(?!$)(\\d+(?:\\.\\d+)?Y)?(\\d+(?:\\.\\d+)?M)?(\\d+(?:\\.\\d+)?W)?(\\d+(?:\\.\\d+)?D)?(T(?=\\d)(\\d+(?:\\.\\d+)?H)?(\\d+(?:\\.\\d+)?M)?(\\d+(?:\\.\\d+)?S)?)?$'

/** Value of a test field: what was entered and its result. */
export const testFieldValueSchema = {
  type: 'object',
  required: ['value', 'passOrFail'],
  additionalProperties: false,
  properties: {
    value: { type: ['number', 'string', 'null'] },
    passOrFail: { enum: PASS_OR_FAIL },
  },
} as const
export type TestFieldValue = FromSchema<typeof testFieldValueSchema>

/** A stored document referenced from an upload control (SPEC §3 "Document"). */
export const documentRefSchema = {
  type: 'object',
  required: ['savedFilename', 'contentType'],
  additionalProperties: false,
  properties: {
    documentType: { type: 'string' },
    originalFilename: { type: 'string' },
    savedFilename: { type: 'string', minLength: 1 },
    contentType: { type: 'string' },
    name: { type: 'string' },
  },
} as const
export type DocumentRef = FromSchema<typeof documentRefSchema>
