import type { FromSchema } from 'json-schema-to-ts'

/**
 * A serial range as the API carries it (SPEC §3): a supplier's product-type range and a device owner's
 * test-equipment range are the same shape. `id` is local to the form; prefix, min and max may be blank
 * while editing, which each owner's rules (schemas/rules/serial-ranges.ts) answer with the SPEC §5 texts.
 */
/**
 * The largest serial number a range may name: supplier ranges are stored as 32-bit integers, and a
 * device owner's ranges keep the same bound so a serial is compared exactly either way.
 */
export const SERIAL_RANGE_MAX = 2_147_483_647

export const serialRangeSchema = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'], title: 'ID' },
    prefix: { type: ['string', 'null'], maxLength: 50, title: 'Prefix' },
    min: { type: ['integer', 'null'], minimum: 0, title: 'Min' },
    max: { type: ['integer', 'null'], minimum: 0, title: 'Max' },
  },
} as const

export type SerialRange = FromSchema<typeof serialRangeSchema>
