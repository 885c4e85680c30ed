import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { nameProperty } from './name-property'
import { closedBody } from './closed-body'

/**
 * Body of `POST {itr}/api/calibrators` and `PUT {itr}/api/calibrators/{id}`: only the name (SPEC §5); any
 * other key is refused naming it (closed-body.ts).
 */
export const calibratorWriteSchema = {
  $id: 'CalibratorWrite',
  type: 'object',
  required: ['name'],
  ...closedBody('calibrator', { name: nameProperty('calibrator', 200, MESSAGES.calibrator.nameRequired) }),
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
