import type { FromSchema } from 'json-schema-to-ts'
import { SUSPECT_STATES } from './impact-case'
import { pagedAnswerSchema } from '../paging'

/**
 * A device's calibration history and usage (issue #15.3), as /TestEquipment/{id} shows them: every
 * calibration record with its certificate and the device as found and as left, and the records that
 * used the device, filterable by date, with those used after its calibration expired.
 */

const nullableText = { type: ['string', 'null'] } as const
const passFail = { type: 'string', enum: ['pass', 'fail', '-'] } as const

/** One calibration of the device, newest first. */
export const calibrationHistoryItemSchema = {
  type: 'object',
  required: ['recordId', 'calibrationDate', 'skipped', 'asFound', 'asLeft'],
  properties: {
    recordId: { type: 'integer' },
    calibrationDate: { type: 'string' },
    expires: nullableText,
    skipped: { type: 'boolean' },
    calibratorName: nullableText,
    /** savedFilename of the certificate (download by `GET {itr}/api/formDocuments?filename=`). */
    certificate: nullableText,
    certificateName: nullableText,
    asFound: passFail,
    asLeft: passFail,
    /** The impact case this calibration opened, if its as-found result was Fail. */
    impactCaseId: { type: ['integer', 'null'] },
  },
} as const

export type CalibrationHistoryItem = FromSchema<typeof calibrationHistoryItemSchema>

export const calibrationHistorySchema = { type: 'array', items: calibrationHistoryItemSchema } as const

/** One record that used the device. */
export const equipmentUsageItemSchema = {
  type: 'object',
  required: ['recordId', 'productSerialNumber', 'recordTypeName', 'recordDate', 'testResult', 'afterExpiry'],
  properties: {
    recordId: { type: 'integer' },
    productSerialNumber: { type: 'string' },
    productTypeName: nullableText,
    recordTypeName: { type: 'string' },
    supplierName: nullableText,
    category: { type: 'string' },
    recordDate: { type: 'string' },
    testResult: passFail,
    /** The status frozen with the record when it used the device (issue #15.2); null before snapshots. */
    statusAtUse: nullableText,
    /** Used on or after the expiry day of the calibration in force at the record's date. */
    afterExpiry: { type: 'boolean' },
    /** The record's state in impact cases (null: not suspect). */
    suspect: { type: ['string', 'null'], enum: [...SUSPECT_STATES, null] },
  },
} as const

export type EquipmentUsageItem = FromSchema<typeof equipmentUsageItemSchema>

export const equipmentUsagePageSchema = pagedAnswerSchema(equipmentUsageItemSchema)

export type EquipmentUsagePage = FromSchema<typeof equipmentUsagePageSchema>

/** The `{url-encoded JSON}` of the usage list: a day range (yyyy-MM-dd, both ends included), after expiry only. */
export const equipmentUsageFilterSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: ['string', 'null'], maxLength: 40 },
    to: { type: ['string', 'null'], maxLength: 40 },
    afterExpiry: { type: ['boolean', 'null'] },
    sortDirection: { type: ['string', 'null'], enum: ['asc', 'desc', '', null] },
  },
} as const

export type EquipmentUsageFilter = FromSchema<typeof equipmentUsageFilterSchema>
