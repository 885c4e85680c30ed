import { testParameterSchema } from '../entities/test-parameter'
import type { FromSchema } from 'json-schema-to-ts'
import { CATEGORY_FILTERS } from './categories'
import { equipmentSnapshotSchema } from './equipment-snapshot'
import { calibrationHistoryItemSchema } from './equipment-history'
import { IMPACT_CASE_KINDS, IMPACT_CASE_STATUSES, SUSPECT_STATES } from './impact-case'
import { REVIEW_STATES } from './review'
import { pagedAnswerSchema } from '../paging'

const nullableText = { type: ['string', 'null'] } as const
const nullableId = { type: ['integer', 'null'] } as const

const listItemProperties = {
  recordId: { type: 'integer' },
  recordTypeId: { type: 'integer' },
  productTypeId: nullableId,
  supplierId: nullableId,
  customerId: nullableId,
  productSerialNumber: { type: 'string' },
  serialNumberPrefix: { type: 'string' },
  productTypeName: nullableText,
  recordTypeName: { type: 'string' },
  testResult: { type: 'string', enum: ['pass', 'fail', '-'] },
  supplierName: nullableText,
  jobNumber: nullableText,
  batchNumber: nullableText,
  customerName: nullableText,
  faultItems: nullableText,
  repairItems: nullableText,
  faultDescriptives: nullableText,
  repairDescriptives: nullableText,
  recordDate: { type: 'string', description: 'ISO 8601 UTC.' },
  category: { type: 'string', enum: CATEGORY_FILTERS },
  captureType: { type: ['string', 'null'], enum: ['file', 'form', null] },
  /**
   * The record's state in impact cases (issue #15.3): undecided while any case has no disposition for it,
   * else the strictest given (recall, retest, accept); null when it was never suspect.
   */
  suspect: { type: ['string', 'null'], enum: [...SUSPECT_STATES, null] },
  /** Issue #19: none (no review needed), submitted, reviewed, approved or rejected. */
  reviewState: { type: 'string', enum: [...REVIEW_STATES] },
  /** Issue #19.4: the newer record of the same product and record type; null for the newest. */
  supersededById: nullableId,
} as const

/** SPEC §3 "Record list item" (plus category and capture type, which the View action needs). */
export const recordListItemSchema = {
  type: 'object',
  required: ['recordId', 'recordTypeId', 'productSerialNumber', 'recordTypeName', 'testResult', 'recordDate'],
  properties: listItemProperties,
} as const

export type RecordListItem = FromSchema<typeof recordListItemSchema>

/** SPEC §3 "Page response": totalCount, totalPages, result. */
export const recordPageSchema = pagedAnswerSchema(recordListItemSchema)

/** `GET {data}/api/InstrumentTestRecord/Record/{id}`: the list item plus the captured data. */
export const recordDetailSchema = {
  type: 'object',
  required: [...recordListItemSchema.required, 'data'],
  properties: {
    ...listItemProperties,
    data: { type: 'object', additionalProperties: true },
    fileName: nullableText,
    layoutVersion: nullableId,
    deviceOwnerId: nullableId,
    deviceOwnerName: nullableText,
    productId: nullableId,
    testEquipmentId: nullableId,
    testEquipment: { type: 'array', items: { type: 'integer' } },
    /** Each used device as it was at the record's date, with any override (issue #15.2). */
    testEquipmentUsed: { type: 'array', items: equipmentSnapshotSchema },
    createdAt: { type: 'string' },
    /**
     * The content's revision: 1 as stored, one more at each change in place (a Problem Report edit). An
     * edit or a review sends it back as If-Match, and is refused (409) when the record changed since.
     */
    revision: { type: 'integer' },
    /** The product type's test parameters the record was judged with (issue #14.4); null when none. */
    parameters: { type: ['array', 'null'], items: testParameterSchema },
  },
} as const

export type RecordDetail = FromSchema<typeof recordDetailSchema>

const outcomeOf = calibrationHistoryItemSchema.properties

/**
 * `GET {data}/api/InstrumentTestRecord/Record/{id}` as the route answers it: the record's detail, plus
 * what the record page says of it and only the page reads (not the audit trail's copy of the record,
 * nor a submission's read-back): the impact cases it is suspect in and a calibration's outcome.
 */
export const recordViewSchema = {
  type: 'object',
  required: [...recordDetailSchema.required, 'impactCases', 'openedImpactCase', 'calibrationOutcome'],
  properties: {
    ...recordDetailSchema.properties,
    /**
     * The impact cases the record is suspect in (issue #15.3), by case id, each with what opened it, its
     * status, the record's state in it (the `suspect` column is the strictest of these) and the newer
     * record that cleared a retest or recall (null while the product still waits); empty when it is in
     * none. Every reader of the record gets them; only configurators and admins may open a case.
     */
    impactCases: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'kind', 'status', 'state', 'clearedBy'],
        properties: {
          id: { type: 'integer' },
          kind: { type: 'string', enum: IMPACT_CASE_KINDS },
          status: { type: 'string', enum: IMPACT_CASE_STATUSES },
          state: { type: 'string', enum: SUSPECT_STATES },
          clearedBy: { type: ['integer', 'null'] },
        },
      },
    },
    /** The impact case this calibration opened (its as-found failure), if it opened one. */
    openedImpactCase: { type: ['integer', 'null'] },
    /**
     * A calibration record's row of its device's calibration history (what its certificate's verdict
     * line says, schemas/records `calibrationOutcomeLine`); null for other categories or without a row.
     */
    calibrationOutcome: {
      type: ['object', 'null'],
      required: ['skipped', 'asFound', 'asLeft'],
      properties: { skipped: outcomeOf.skipped, asFound: outcomeOf.asFound, asLeft: outcomeOf.asLeft },
    },
  },
} as const

export type RecordView = FromSchema<typeof recordViewSchema>

/** Fields `filters[].field` may name (SPEC §7 Records, §2 query parameters). Matched case-insensitively. */
export const RECORD_FILTER_FIELDS = [
  'productSerialNumber',
  'serialNumber',
  'productTypeId',
  'recordTypeId',
  'testEquipment',
  'category',
  'supplierId',
  'supplier',
  'result',
  'customer',
  'customerId',
  'jobNumber',
  'batchNumber',
  'faultItem',
  'repairItem',
  'faultDescriptive',
  'repairDescriptive',
  'productId',
  'deviceOwnerId',
  /** Issue #15.3: 'true' for every suspect record, or states (undecided, accept, retest, recall). */
  'suspect',
  /** Issue #19: review states (none, submitted, reviewed, approved, rejected). */
  'status',
  /** Issue #19.4: 'false' hides superseded records (the /Records default), 'true' lists only them. */
  'superseded',
  /** Issue #19: 'mine' — the records waiting for the caller (to review, approve, or amend). */
  'queue',
  /**
   * The records grid's column filter boxes (SPEC §9 "Fuzzy filtering is on in grids"): any part of the
   * serial, supplier name or customer name, in any case (`%` and `_` typed are literal). The exact fields
   * above (productSerialNumber, supplier, customer) stay whole-value matches for SPEC §2's links.
   */
  'serialContains',
  'supplierContains',
  'customerContains',
] as const

/** Sort fields of the records page; anything else is refused. */
export const RECORD_SORT_FIELDS = [
  'recordDate',
  'recordId',
  'productSerialNumber',
  'productTypeName',
  'recordTypeName',
  'testResult',
  'supplierName',
  'jobNumber',
  'customerName',
] as const

const filterValue = {
  anyOf: [
    { type: 'string', maxLength: 500 },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', maxItems: 500, items: { type: ['string', 'number'] } },
  ],
} as const

/** The `{encoded JSON}` of the records page and Excel export (SPEC §7). */
export const recordsFilterSchema = {
  type: 'object',
  properties: {
    filters: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['field'],
        properties: { field: { type: 'string', maxLength: 100 }, value: filterValue },
      },
    },
    startDate: { type: ['string', 'null'], maxLength: 40 },
    endDate: { type: ['string', 'null'], maxLength: 40 },
    sortField: { type: ['string', 'null'], maxLength: 100 },
    sortDirection: { type: ['string', 'null'], maxLength: 10 },
  },
} as const

export type RecordsFilter = FromSchema<typeof recordsFilterSchema>

/** SPEC §9: results are pass, fail and n/a; n/a travels as '-'. How the app and the export show one. */
export const resultLabel = (result: string | null | undefined): string =>
  result === 'pass' ? 'Pass' : result === 'fail' ? 'Fail' : 'n/a'
