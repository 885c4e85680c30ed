import type { FromSchema } from 'json-schema-to-ts'

/** A customer of despatch records, as listed by `GET {meta}/api/Customers` (SPEC §3: name). */
export const customerSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Customer' },
  },
} as const

export type Customer = FromSchema<typeof customerSchema>
