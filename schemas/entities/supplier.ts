import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { nameProperty } from './name-property'
import { attributeSchema } from './attribute'
import { SERIAL_RANGE_MAX, serialRangeSchema } from './serial-range'
import { closedBody } from './closed-body'

export { attributeSchema, type Attribute } from './attribute'

/** Body of `POST /api/assetmanufacturers` and `PUT /api/assetmanufacturers/{id}/` (SPEC §7). */
export const supplierWriteSchema = {
  $id: 'SupplierWrite',
  type: 'object',
  required: ['name'],
  ...closedBody('supplier', { name: nameProperty('supplier', 200, MESSAGES.supplier.nameRequired) }),
  errorMessage: { required: { name: MESSAGES.supplier.nameRequired } },
} as const

export type SupplierWrite = FromSchema<typeof supplierWriteSchema>

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

/** A supplier's range names all three keys (blank values are answered by the supplier rules). */
const supplierSerialRangeSchema = { ...serialRangeSchema, required: ['prefix', 'min', 'max'] } as const

/**
 * One product of the SupplierProducts attribute: a product type and its serial ranges. `name` (the
 * product type's, as read) is taken and not kept: the list names the type by id and answers its current
 * name. No other key is taken (closed-body.ts).
 */
export const supplierProductSchema = {
  type: 'object',
  required: ['id', 'serialRanges'],
  ...closedBody('supplier product', {
    id: { type: ['integer', 'null'], title: 'Product type' },
    name: { type: ['string', 'null'], title: 'Name' },
    serialRanges: { type: 'array', items: supplierSerialRangeSchema, title: 'Serial ranges' },
  }),
} as const

export type SupplierProduct = FromSchema<typeof supplierProductSchema>

/** The value of the SupplierProducts attribute, a JSON list of {id, name, serialRanges}. */
export const supplierProductsSchema = {
  $id: 'SupplierProducts',
  type: 'array',
  items: supplierProductSchema,
  errorMessage: MESSAGES.supplier.productsNotJson,
} as const

export type SupplierProducts = FromSchema<typeof supplierProductsSchema>

/**
 * Body of `POST {meta}/api/assetmanufacturers/{id}/serialRanges/check`, the duplicate check of SPEC §5:
 * is this prefix and range already used by another supplier? Not called from the supplier screen.
 */
export const serialRangeCheckSchema = {
  $id: 'SerialRangeCheck',
  type: 'object',
  required: ['min', 'max'],
  ...closedBody('serial range check', {
    prefix: serialRangeSchema.properties.prefix,
    min: { type: 'integer', minimum: 0, maximum: SERIAL_RANGE_MAX, title: 'Min' },
    max: { type: 'integer', minimum: 0, maximum: SERIAL_RANGE_MAX, title: 'Max' },
  }),
  errorMessage: {
    required: { min: MESSAGES.supplier.minMaxRequired, max: MESSAGES.supplier.minMaxRequired },
    properties: { min: MESSAGES.serialRange.outOfBounds, max: MESSAGES.serialRange.outOfBounds },
  },
} as const

export type SerialRangeCheck = FromSchema<typeof serialRangeCheckSchema>
