import type { FromSchema } from 'json-schema-to-ts'

/** SPEC §3: location shown when test equipment has none, and asset tag shown when blank. */
export const UNKNOWN_LOCATION = 'Unknown Location'
export const UNKNOWN_ASSET_TAG = 'Unknown'

const idName = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' } },
} as const

/** One calibration of a device (SPEC §3 latestCalibration). */
const calibrationSchema = {
  type: 'object',
  required: ['skipped', 'date', 'expires', 'calibrator'],
  properties: {
    skipped: { type: 'boolean' },
    date: { type: ['string', 'null'] },
    expires: { type: ['string', 'null'] },
    calibrator: idName,
    certificate: { type: ['string', 'null'], description: 'savedFilename of the certificate document.' },
  },
} as const

/** Test equipment as `GET {itr}/api/testEquipment` answers it (SPEC §3 "Test equipment"). */
export const testEquipmentSchema = {
  type: 'object',
  required: [
    'id',
    'serialNumberPrefix',
    'serialNumber',
    'location',
    'owner',
    'assetTag',
    'latestCalibration',
  ],
  properties: {
    id: { type: 'integer' },
    serialNumberPrefix: { type: 'string' },
    serialNumber: {
      type: 'object',
      required: ['full', 'prefix', 'value'],
      properties: { full: { type: 'string' }, prefix: { type: 'string' }, value: { type: 'string' } },
    },
    description: { type: ['string', 'null'] },
    location: idName,
    owner: idName,
    assetTag: { type: 'string' },
    productTypeId: { type: ['integer', 'null'] },
    latestCalibration: { ...calibrationSchema, type: ['object', 'null'] },
    /**
     * Issue #15.3: every calibration of the device, newest first (the first is the latest). A record is
     * judged by the one in force at its date: the newest calibrated on or before that day.
     */
    calibrations: { type: 'array', items: calibrationSchema },
    /**
     * Issue #15.3: the UTC days (both ends included, null = open) the device is suspect in: an impact
     * case's window, or after a calibration that left it out of tolerance until the next passing one.
     */
    suspectPeriods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['from', 'to'],
        properties: { from: { type: ['string', 'null'] }, to: { type: ['string', 'null'] } },
      },
    },
  },
} as const

export type TestEquipment = FromSchema<typeof testEquipmentSchema>
