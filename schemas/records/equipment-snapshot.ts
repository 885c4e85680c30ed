import type { FromSchema } from 'json-schema-to-ts'
import { CALIBRATION_POLICIES } from './calibration-status'

const text = { type: 'string' } as const
const nullableText = { type: ['string', 'null'] } as const

/** Who let a blocked device be used, when and why (issue #15.1); stored with the record. */
export const calibrationOverrideSchema = {
  type: 'object',
  required: ['reason', 'userId', 'userName', 'at'],
  properties: {
    reason: text,
    userId: { type: ['integer', 'null'] },
    userName: text,
    at: { type: 'string', description: 'ISO 8601 UTC: when the server accepted the override.' },
  },
} as const

export type CalibrationOverride = FromSchema<typeof calibrationOverrideSchema>

/**
 * One device as it was when a record used it (issue #15.2): frozen at save in the record's
 * record_test_equipment row, so a later calibration never changes what an old record says.
 */
export const equipmentSnapshotSchema = {
  type: 'object',
  required: ['testEquipmentId', 'serialNumber', 'status', 'policy', 'override'],
  properties: {
    testEquipmentId: { type: 'integer' },
    serialNumber: text,
    description: nullableText,
    ownerName: nullableText,
    calibrationSkipped: { type: 'boolean' },
    calibrationDate: nullableText,
    expires: nullableText,
    calibratorName: nullableText,
    /** savedFilename of the certificate document (download by `GET {itr}/api/formDocuments?filename=`). */
    certificate: nullableText,
    status: { type: 'string', enum: ['valid', 'notRequired', 'expired', 'never', 'suspect'] },
    /** The strictest policy of the controls that listed the device. */
    policy: { type: 'string', enum: CALIBRATION_POLICIES },
    override: { anyOf: [calibrationOverrideSchema, { type: 'null' }] },
  },
} as const

export type EquipmentSnapshot = FromSchema<typeof equipmentSnapshotSchema>

/** One override a submission asks for: the device and the reason; who and when are the server's. */
export const overrideRequestSchema = {
  type: 'object',
  required: ['testEquipmentId', 'reason'],
  additionalProperties: false,
  properties: {
    testEquipmentId: { type: 'integer', minimum: 1 },
    reason: { type: 'string', maxLength: 1000 },
  },
} as const

export type OverrideRequest = FromSchema<typeof overrideRequestSchema>
