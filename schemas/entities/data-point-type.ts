import type { FromSchema } from 'json-schema-to-ts'

/**
 * SPEC §3: a record type is stored with a sensor type id that differs for form and file capture.
 * These are the ids this server uses; the record-type calls write them and product types read them
 * back as the `captureType` of RecordTypeAttribute.
 */
export const SENSOR_TYPE_BY_CAPTURE = { file: 1, form: 2 } as const

export type CaptureType = keyof typeof SENSOR_TYPE_BY_CAPTURE

/** The capture type of a stored sensor type id, or null when it is neither. */
export function captureTypeOf(sensorTypeId: number | null | undefined): CaptureType | null {
  if (sensorTypeId === SENSOR_TYPE_BY_CAPTURE.file) return 'file'
  if (sensorTypeId === SENSOR_TYPE_BY_CAPTURE.form) return 'form'
  return null
}

/** An item of `GET {meta}/api/datapointtypes/` (SPEC §7: id, name). */
export const dataPointTypeListItemSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
  },
} as const

export type DataPointTypeListItem = FromSchema<typeof dataPointTypeListItemSchema>
