import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { nameProperty } from './name-property'
import { attributeSchema } from './attribute'
import { closedBody } from './closed-body'

/** SPEC §9: this product type can never be deleted. */
export const PROTECTED_PRODUCT_TYPE_ID = 100210

/**
 * Body of `POST {meta}/api/assetmodels/` and `PUT {meta}/api/assetmodels/{id}` (SPEC §7: assetManufacturerId,
 * assetTypeKey, name, description). No other key is taken (closed-body.ts): the parent, record types and
 * attributes have calls of their own.
 */
export const productTypeWriteSchema = {
  $id: 'ProductTypeWrite',
  type: 'object',
  required: ['name'],
  ...closedBody('product type', {
    name: nameProperty('product type', 200, MESSAGES.productType.nameRequired),
    description: { type: ['string', 'null'], maxLength: 1000, title: 'Description' },
    assetTypeKey: { type: ['string', 'null'], maxLength: 100, title: 'Asset type key' },
    assetManufacturerId: { type: ['integer', 'null'], title: 'Supplier' },
  }),
  errorMessage: { required: { name: MESSAGES.productType.nameRequired } },
} as const

export type ProductTypeWrite = FromSchema<typeof productTypeWriteSchema>

/** A product type as read from {meta} (SPEC §3): parent is an id, or -1 for none. */
export const productTypeSchema = {
  type: 'object',
  required: ['id', 'name', 'parent', 'parentName', 'attributes'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    description: { type: ['string', 'null'], title: 'Description' },
    assetTypeKey: { type: ['string', 'null'] },
    assetManufacturerId: { type: ['integer', 'null'] },
    parent: { type: 'integer', title: 'Parent', description: 'Parent product type id, or -1 for none.' },
    parentName: { type: ['string', 'null'], title: 'Parent' },
    attributes: { type: 'array', items: attributeSchema },
  },
} as const

export type ProductType = FromSchema<typeof productTypeSchema>

/** A product type as listed by `GET {itr}/api/productTypes`: parent is {id, name} or null. */
export const productTypeListItemSchema = {
  type: 'object',
  required: ['id', 'name', 'parent', 'attributes'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    parent: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      title: 'Parent',
    },
    attributes: { type: 'array', items: attributeSchema },
  },
} as const

export type ProductTypeListItem = FromSchema<typeof productTypeListItemSchema>

/**
 * A parent mapping (SPEC §7 `DELETE {meta}/api/Mapping` body and `GET …/ParentMappings/{id}` items). As a
 * body it also takes the read-only `id` and `parentName` of the GET item, so a loaded mapping can be sent
 * back whole; the subject and parent name the mapping, and those two are not used. No other key is taken
 * (closed-body.ts).
 */
export const mappingSchema = {
  $id: 'Mapping',
  type: 'object',
  required: ['subjectTableName', 'subjectId', 'parentTableName', 'parentId'],
  ...closedBody('mapping', {
    id: { type: 'integer' },
    subjectTableName: { type: 'string', title: 'Subject table' },
    subjectId: { type: 'integer', title: 'Subject id' },
    parentTableName: { type: 'string', title: 'Parent table' },
    parentId: { type: 'integer', title: 'Parent id' },
    parentName: { type: 'string' },
  }),
} as const

export type Mapping = FromSchema<typeof mappingSchema>

/** Body of `PUT {itr}/api/ProductTypes/{id}/RecordTypes`: record type ids, in order. */
export const productTypeRecordTypesSchema = {
  $id: 'ProductTypeRecordTypes',
  type: 'array',
  maxItems: 500,
  items: {
    type: 'integer',
    minimum: 1,
    title: 'Record type',
    errorMessage: MESSAGES.productType.emptyRecordType,
  },
  errorMessage: { type: MESSAGES.productType.emptyRecordType },
} as const

export type ProductTypeRecordTypes = FromSchema<typeof productTypeRecordTypesSchema>

/** An element of the RecordTypeAttribute JSON (SPEC §3). */
export const recordTypeRefSchema = {
  type: 'object',
  required: ['id', 'name', 'captureType', 'category'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    captureType: { type: ['string', 'null'], enum: ['file', 'form', 'both', null] },
    category: { type: ['string', 'null'] },
  },
} as const

export type RecordTypeRef = FromSchema<typeof recordTypeRefSchema>
