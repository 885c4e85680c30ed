import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'

/** Body of `POST {itr}/api/calibrators` and `PUT {itr}/api/calibrators/{id}`: only the name (SPEC §5). */
export const calibratorWriteSchema = {
  $id: 'CalibratorWrite',
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      maxLength: 200,
      pattern: '\\S',
      title: 'Name',
      // Per keyword (ajv-errors): only a blank name is "missing"; an overlong one says the limit.
      errorMessage: {
        type: MESSAGES.calibrator.nameNotText,
        pattern: MESSAGES.calibrator.nameRequired,
        maxLength: MESSAGES.calibrator.nameTooLong,
      },
    },
  },
  errorMessage: { required: { name: MESSAGES.calibrator.nameRequired } },
} as const

export type CalibratorWrite = FromSchema<typeof calibratorWriteSchema>

/** A calibrator (SPEC §3: id, name). */
export const calibratorSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
  },
} as const

export type Calibrator = FromSchema<typeof calibratorSchema>
