import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { closedBody } from './closed-body'

/**
 * The largest serial number a range may name: supplier ranges are stored as 32-bit integers, and a
 * device owner's ranges keep the same bound so a serial is compared exactly either way.
 */
export const SERIAL_RANGE_MAX = 2_147_483_647

/**
 * A serial range as the API carries it (SPEC §3): a supplier's product-type range and a device owner's
 * test-equipment range are the same shape. `id` is local to the form; prefix, min and max may be blank
 * while editing, which each owner's rules (schemas/rules/serial-ranges.ts) answer with the SPEC §5 texts.
 */
export const serialRangeSchema = {
  type: 'object',
  // `id` is taken and not kept (stored ranges are numbered 1..n); no other key is taken (closed-body.ts).
  ...closedBody('serial range', {
    id: { type: ['integer', 'null'], title: 'ID' },
    prefix: { type: ['string', 'null'], maxLength: 50, title: 'Prefix' },
    // Any number here: whole numbers within 0..SERIAL_RANGE_MAX are the shared rules' to say
    // (schemas/rules/serial-ranges.ts), so the screens and every call give the same text.
    min: { type: ['number', 'null'], title: 'Min', errorMessage: MESSAGES.serialRange.outOfBounds },
    max: { type: ['number', 'null'], title: 'Max', errorMessage: MESSAGES.serialRange.outOfBounds },
  }),
} as const

export type SerialRange = FromSchema<typeof serialRangeSchema>
