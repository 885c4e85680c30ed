import type { FromSchema } from 'json-schema-to-ts'
import type { RoleView } from '../roles'
import { startOfUtcDay } from './calibration-status'
import { pagedAnswerSchema } from '../paging'
import { closedBody } from '../entities/closed-body'

/**
 * Impact assessment (issue #15.3): when a calibration finds a device out of tolerance (its as-found
 * result is Fail), every record that used it since its last passing calibration is suspect, and an
 * impact case lists them, each with a disposition. Shared by the server (routes, rules) and the SPA.
 */

/** What may be decided for a suspect record. */
export const IMPACT_DISPOSITIONS = ['accept', 'retest', 'recall'] as const
export type ImpactDisposition = (typeof IMPACT_DISPOSITIONS)[number]

/** A suspect record's state: no disposition yet, or the one given. */
export type SuspectState = 'undecided' | ImpactDisposition
export const SUSPECT_STATES = ['undecided', ...IMPACT_DISPOSITIONS] as const

/** How a disposition reads in the case, the XLSX export and the records list. */
export const DISPOSITION_LABELS: Record<SuspectState, string> = {
  undecided: 'Undecided',
  accept: 'Accepted',
  retest: 'Retest',
  recall: 'Recalled',
}

/** The badge of a suspect record on /Records. */
export const SUSPECT_BADGES: Record<SuspectState, string> = {
  undecided: 'Suspect',
  accept: 'Suspect · accepted',
  retest: 'Suspect · retest',
  recall: 'Suspect · recalled',
}

/** failedCalibration: opened by an as-found Fail; lapsed: opened by hand for use after expiry. */
export const IMPACT_CASE_KINDS = ['failedCalibration', 'lapsed'] as const
export type ImpactCaseKind = (typeof IMPACT_CASE_KINDS)[number]
export const IMPACT_CASE_STATUSES = ['open', 'closed'] as const
export type ImpactCaseStatus = (typeof IMPACT_CASE_STATUSES)[number]

/** Only configurators and admins decide on suspect records and act on cases; the server enforces it. */
export const mayDecideImpact = (view: RoleView): boolean => view === 'viewAll' || view === 'configurator'

/** The product flag a pending retest shows on /Products. */
export const RETEST_REQUIRED = 'Retest required'

/** The product flag a pending recall shows on /Products, in place of RETEST_REQUIRED when both are. */
export const RECALLED = 'Recalled'

/** The product flag of a record at least as new as its status that waits for review or approval (#19). */
export const PENDING_REVIEW = 'pending review'

/**
 * What a product waits for, in the order /Products' Status cell and the data entry serial card show it:
 * a recall, else a retest (issue #15.3: the recall is the stronger decision, so it alone shows when both
 * are pending), then a newer record waiting for review or approval (issue #19).
 */
export function productFlags(product: {
  recalled?: boolean
  retestRequired?: boolean
  pendingReview?: boolean
}): ('recalled' | 'retest' | 'pendingReview')[] {
  const flags: ('recalled' | 'retest' | 'pendingReview')[] = []
  if (product.recalled) flags.push('recalled')
  else if (product.retestRequired) flags.push('retest')
  if (product.pendingReview) flags.push('pendingReview')
  return flags
}

/** Records one disposition may decide, and the longest reason it may give. */
const MAX_DECIDED = 1000
const MAX_REASON = 1000

/** Texts of impact cases (ours). */
export const IMPACT_MESSAGES = {
  forbidden: 'Only a configurator or admin can decide on suspect records or act on an impact case.',
  notFound: (id: number | string) => `Impact case ${id} does not exist`,
  recordNotInCase: (recordId: number, caseId: number) =>
    `Record ${recordId} is not a suspect record of impact case ${caseId}.`,
  closed: (id: number) => `Impact case ${id} is closed: its dispositions can no longer change.`,
  alreadyClosed: (id: number) => `Impact case ${id} is already closed.`,
  undecided: (id: number, n: number) =>
    `Impact case ${id} cannot be closed: ${n} suspect ${n === 1 ? 'record has' : 'records have'} no disposition yet.`,
  reasonRequired: 'Accepting a suspect record needs a reason.',
  closeTakesNoBody: 'Closing an impact case takes no body: send none (or {}).',
  deviceBusy:
    'This calibration found the device out of tolerance, but records that used it are still being saved (an upload, perhaps), and its impact case must list them. Nothing was saved: send it again in a minute.',
  lapsedOpen: (serial: string, id: number) =>
    `An impact case for the lapsed calibration of ${serial} is already open (case ${id}).`,
  lapsedNone: (serial: string) =>
    `Test equipment ${serial} has no record used after its calibration expired: there is nothing to assess.`,
  badUsageDate: (value: string) => `"${value}" is not a date (yyyy-MM-dd).`,
  /** Bodies the SPA never sends, refused in words rather than the validator's (server/impact-cases/case-bodies.ts). */
  dispositionBody:
    'A disposition names the records, the disposition and, to accept, a reason: {"recordIds": [record ids], "disposition": "accept", "retest" or "recall", "reason": "…"}.',
  recordsRequired: 'Choose at least one record: recordIds lists the ids of the suspect records to decide.',
  recordIdsInvalid:
    'Record ids are whole numbers from 1: recordIds lists the ids of the suspect records to decide.',
  recordTwice: 'Name each record once in recordIds.',
  tooManyRecords: (max: number) =>
    `At most ${max} records can be decided at once: send the others in another request.`,
  dispositionRequired: 'Choose a disposition: accept, retest or recall.',
  reasonText: 'The reason must be text.',
  reasonTooLong: (max: number) => `The reason may be at most ${max} characters.`,
  deviceRequired:
    'Choose the test equipment to open a case for: {"testEquipmentId": its id, a whole number from 1}.',
} as const

/** How a case's kind reads where a case is named in a word or two (the audit trail, the XLSX export). */
export const IMPACT_CASE_KIND_LABELS: Record<ImpactCaseKind, string> = {
  failedCalibration: 'Found out of tolerance',
  lapsed: 'Used after its calibration expired',
}

/** How a case's status reads (its badge on the case screens). */
export const IMPACT_CASE_STATUS_LABELS: Record<ImpactCaseStatus, string> = { open: 'Open', closed: 'Closed' }

const nullableText = { type: ['string', 'null'] } as const
const nullableId = { type: ['integer', 'null'] } as const
const count = { type: 'integer' } as const

/** How many of a case's records are in each state. */
export const impactCountsSchema = {
  type: 'object',
  required: ['total', 'undecided', 'accept', 'retest', 'recall'],
  properties: { total: count, undecided: count, accept: count, retest: count, recall: count },
} as const

export type ImpactCounts = FromSchema<typeof impactCountsSchema>

/** One case as the list and the detail answer it (the detail's records are paged apart). */
export const impactCaseSchema = {
  type: 'object',
  required: ['id', 'kind', 'status', 'testEquipmentId', 'testEquipmentSerial', 'openedAt', 'counts'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: IMPACT_CASE_KINDS },
    status: { type: 'string', enum: IMPACT_CASE_STATUSES },
    testEquipmentId: { type: 'integer' },
    testEquipmentSerial: { type: 'string' },
    testEquipmentDescription: nullableText,
    calibrationRecordId: nullableId,
    calibrationDate: { ...nullableText, description: 'ISO 8601: the failing calibration.' },
    lastPassingRecordId: nullableId,
    windowStart: { ...nullableText, description: 'ISO 8601 UTC day; null: since the first use.' },
    windowEnd: { ...nullableText, description: 'ISO 8601 UTC day; null: up to now (lapsed).' },
    openedAt: { type: 'string' },
    openedByName: { type: 'string' },
    closedAt: nullableText,
    closedByName: nullableText,
    counts: impactCountsSchema,
  },
} as const

export type ImpactCase = FromSchema<typeof impactCaseSchema>

export const impactCasePageSchema = pagedAnswerSchema(impactCaseSchema)

export type ImpactCasePage = FromSchema<typeof impactCasePageSchema>

/** The `{url-encoded JSON}` of the cases list: status, one device, and the direction (newest first). */
export const impactCaseFilterSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: ['string', 'null'], enum: [...IMPACT_CASE_STATUSES, '', null] },
    testEquipmentId: { type: ['integer', 'null'], minimum: 1 },
    sortDirection: { type: ['string', 'null'], enum: ['asc', 'desc', '', null] },
  },
} as const

export type ImpactCaseFilter = FromSchema<typeof impactCaseFilterSchema>

/** One suspect record of a case with its disposition. */
export const suspectRecordSchema = {
  type: 'object',
  required: ['recordId', 'productSerialNumber', 'recordTypeName', 'recordDate', 'testResult', 'state'],
  properties: {
    recordId: { type: 'integer' },
    recordTypeId: { type: 'integer' },
    productId: nullableId,
    productSerialNumber: { type: 'string' },
    productTypeName: nullableText,
    recordTypeName: { type: 'string' },
    supplierName: nullableText,
    category: { type: 'string' },
    recordDate: { type: 'string' },
    testResult: { type: 'string', enum: ['pass', 'fail', '-'] },
    state: { type: 'string', enum: SUSPECT_STATES },
    reason: nullableText,
    decidedAt: nullableText,
    decidedByName: nullableText,
    /** A retest or a recall: the new record that cleared it (null while the product still needs it). */
    retestClearedBy: nullableId,
    retestClearedAt: nullableText,
  },
} as const

export type SuspectRecord = FromSchema<typeof suspectRecordSchema>

export const suspectRecordPageSchema = pagedAnswerSchema(suspectRecordSchema)

export type SuspectRecordPage = FromSchema<typeof suspectRecordPageSchema>

/** The `{url-encoded JSON}` of a case's records: one state, or all. Oldest record first. */
export const suspectRecordFilterSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: ['string', 'null'], enum: [...SUSPECT_STATES, '', null] },
    sortDirection: { type: ['string', 'null'], enum: ['asc', 'desc', '', null] },
  },
} as const

export type SuspectRecordFilter = FromSchema<typeof suspectRecordFilterSchema>

/**
 * A disposition given to one or more of a case's records; who and when are the server's, and any other key
 * is refused naming it (closed-body.ts).
 */
export const dispositionRequestSchema = {
  type: 'object',
  required: ['recordIds', 'disposition'],
  ...closedBody('disposition', {
    recordIds: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_DECIDED,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, errorMessage: IMPACT_MESSAGES.recordIdsInvalid },
      // ajv-errors (the server's validator): the caller reads 'Choose at least one record: …', not
      // 'body/recordIds must NOT have fewer than 1 items'.
      errorMessage: {
        type: IMPACT_MESSAGES.recordIdsInvalid,
        minItems: IMPACT_MESSAGES.recordsRequired,
        maxItems: IMPACT_MESSAGES.tooManyRecords(MAX_DECIDED),
        uniqueItems: IMPACT_MESSAGES.recordTwice,
      },
    },
    disposition: {
      type: 'string',
      enum: IMPACT_DISPOSITIONS,
      errorMessage: IMPACT_MESSAGES.dispositionRequired,
    },
    reason: {
      type: ['string', 'null'],
      maxLength: MAX_REASON,
      errorMessage: {
        type: IMPACT_MESSAGES.reasonText,
        maxLength: IMPACT_MESSAGES.reasonTooLong(MAX_REASON),
      },
    },
  }),
  errorMessage: {
    type: IMPACT_MESSAGES.dispositionBody,
    required: {
      recordIds: IMPACT_MESSAGES.recordsRequired,
      disposition: IMPACT_MESSAGES.dispositionRequired,
    },
  },
} as const

export type DispositionRequest = FromSchema<typeof dispositionRequestSchema>

/** Opening a case by hand for a device used after its calibration expired: the device, no other key. */
export const openLapsedCaseSchema = {
  type: 'object',
  required: ['testEquipmentId'],
  ...closedBody('impact case', {
    testEquipmentId: { type: 'integer', minimum: 1, errorMessage: IMPACT_MESSAGES.deviceRequired },
  }),
  errorMessage: {
    type: IMPACT_MESSAGES.deviceRequired,
    required: { testEquipmentId: IMPACT_MESSAGES.deviceRequired },
  },
} as const

/** A span of UTC days a device is suspect in, both ends included; null ends are open. */
export interface SuspectPeriod {
  from: string | null
  to: string | null
}

/** Whether `at` falls on a day of one of the periods (whole UTC days, as the calibration gate counts). */
export function suspectOn(periods: readonly SuspectPeriod[] | null | undefined, at: Date): boolean {
  if (!periods?.length) return false
  const day = startOfUtcDay(at).getTime()
  return periods.some(
    (p) =>
      (p.from === null || startOfUtcDay(new Date(p.from)).getTime() <= day) &&
      (p.to === null || day <= startOfUtcDay(new Date(p.to)).getTime()),
  )
}
