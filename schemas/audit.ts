import type { FromSchema } from 'json-schema-to-ts'
import { pagedAnswerSchema } from './paging'

/**
 * The audit trail (issue 8, beyond SPEC): what the server records for each write and what the Audit page
 * and the history panels read. Shared by the server (route schemas, filter parsing) and the SPA.
 */

/** The audited entities with the names the Audit page shows. */
export const AUDIT_ENTITIES = {
  supplier: 'Supplier',
  productType: 'Product Type',
  recordType: 'Record Type',
  deviceOwner: 'Device Owner',
  calibrator: 'Calibrator',
  configuration: 'Survey/Repair Type',
  record: 'Record',
  impactCase: 'Impact Case',
  certificateSettings: 'Certificate Settings',
} as const

export type AuditEntity = keyof typeof AUDIT_ENTITIES

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One audit row as the API returns it. `before`/`after` hold only the changed fields of an update. */
export const auditEntrySchema = {
  type: 'object',
  required: ['id', 'at', 'userName', 'entity', 'entityId', 'action', 'before', 'after'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', description: 'ISO 8601 time of the change.' },
    userId: { type: ['integer', 'null'] },
    userName: { type: 'string' },
    userView: { type: ['string', 'null'] },
    entity: { type: 'string' },
    entityId: { type: 'string' },
    action: { type: 'string', enum: AUDIT_ACTIONS },
    before: { type: ['object', 'null'], additionalProperties: true },
    after: { type: ['object', 'null'], additionalProperties: true },
    revisionOf: { type: ['string', 'null'] },
  },
} as const

export type AuditEntry = FromSchema<typeof auditEntrySchema>

/** The most changes a History panel lists: the newest ones; the Audit page pages through all of them. */
export const HISTORY_LIMIT = 1000

/** `{url-encoded JSON}` filter of the Audit page call. Dates are ISO dates or times, both ends inclusive. */
export const auditFilterSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user: { type: ['string', 'null'], maxLength: 200 },
    entity: { type: ['string', 'null'], enum: [...Object.keys(AUDIT_ENTITIES), null, ''] },
    entityId: { type: ['string', 'null'], maxLength: 100 },
    action: { type: ['string', 'null'], enum: [...AUDIT_ACTIONS, null, ''] },
    from: { type: ['string', 'null'], maxLength: 40 },
    to: { type: ['string', 'null'], maxLength: 40 },
    sortDirection: { type: ['string', 'null'], enum: ['asc', 'desc', null, ''] },
  },
} as const

export type AuditFilter = FromSchema<typeof auditFilterSchema>

/** One page of audit rows (the project's list contract). */
export const auditPageSchema = pagedAnswerSchema(auditEntrySchema)

export type AuditPage = FromSchema<typeof auditPageSchema>

/** One changed field of an audit row: its name and the values before and after (undefined = absent). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The field-level diff of an audit row: every field whose value differs, in a stable order (the after's
 * field order, then fields only the before had). A create lists every field with no before; a delete
 * every field with no after.
 */
export function fieldChanges(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
): FieldChange[] {
  const b = before ?? {}
  const a = after ?? {}
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  return keys.filter((k) => !same(b[k], a[k])).map((field) => ({ field, before: b[field], after: a[field] }))
}
