import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'

/** Body of `POST /api/assetmanufacturers` and `PUT /api/assetmanufacturers/{id}/` (SPEC §7). */
export const supplierWriteSchema = {
  $id: 'SupplierWrite',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', title: 'Name' },
  },
  errorMessage: {
    required: { name: MESSAGES.supplier.nameRequired },
    properties: { name: MESSAGES.supplier.nameRequired },
  },
} as const

export type SupplierWrite = FromSchema<typeof supplierWriteSchema>

/** An attribute row of SPEC's attribute model. */
export const attributeSchema = {
  type: 'object',
  required: ['key', 'value'],
  properties: {
    id: { type: 'integer' },
    tableName: { type: 'string' },
    key: { type: 'string' },
    name: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    value: { type: ['string', 'null'] },
  },
} as const

export type Attribute = FromSchema<typeof attributeSchema>

/** A supplier as listed by `GET /api/assetmanufacturers`. */
export const supplierSchema = {
  type: 'object',
  required: ['id', 'name', 'attributes'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    attributes: { type: 'array', items: attributeSchema },
  },
} as const

export type Supplier = FromSchema<typeof supplierSchema>
