import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { closedBody } from './closed-body'

/**
 * SPEC's attribute model: key/value rows on an entity, named by table name. Attribute keys with a
 * meaning of their own (SPEC §9).
 */
export const ATTRIBUTE_KEYS = {
  supplierProducts: 'SupplierProducts',
  recordTypes: 'RecordTypeAttribute',
  noSerialNumberPrefix: 'NoSerialNumberPrefix',
  dateOfLastRecord: 'DateOfLastRecord',
  currentStatus: 'CurrentStatus',
  serialNumberPrefix: 'SerialNumberPrefix',
  /** SPEC §3 names no key for a product type's list of fault/repair item names; this is ours. */
  faultRepairItems: 'FaultRepairItems',
} as const

/** Table names used in attribute rows and parent mappings. */
export const TABLE_NAMES = {
  supplier: 'AssetManufacturers',
  productType: 'AssetModels',
  recordType: 'DataPointTypes',
  deviceOwner: 'DeviceOwners',
} as const

/** An attribute row as read (SPEC §3 attributes: list of key and value). */
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

/**
 * Body of the attribute writes of SPEC §7: `POST {meta}/api/assetmanufacturers/attributes/{id}`
 * ({tableName, key, value, name, description}), `POST {meta}/api/AssetModels/Attributes/{id}`
 * ({key, description, value}) and `POST|PUT {meta}/api/AssetModels/attributes/{id}/{attrKey}`. `tableName`
 * is taken as SPEC's client sends it and not used (the path names the entity). No other key is taken
 * (closed-body.ts).
 */
export const attributeWriteSchema = {
  $id: 'AttributeWrite',
  type: 'object',
  required: ['key'],
  ...closedBody('attribute', {
    tableName: { type: ['string', 'null'], maxLength: 100, title: 'Table name' },
    key: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      title: 'Key',
      // Per keyword (ajv-errors): only an empty key is "missing"; an overlong one says the limit.
      errorMessage: {
        type: MESSAGES.attribute.keyNotText,
        minLength: MESSAGES.attribute.keyRequired,
        maxLength: MESSAGES.attribute.keyTooLong,
      },
    },
    name: { type: ['string', 'null'], maxLength: 200, title: 'Name' },
    description: { type: ['string', 'null'], maxLength: 1000, title: 'Description' },
    value: { type: ['string', 'null'], maxLength: 1_000_000, title: 'Value' },
  }),
  errorMessage: { required: { key: MESSAGES.attribute.keyRequired } },
} as const

export type AttributeWrite = FromSchema<typeof attributeWriteSchema>

/** Path parameter `{id}` of calls on one entity: a positive integer. */
export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const

export type IdParams = FromSchema<typeof idParamsSchema>

/** Answer of calls that create a row: the new id (SPEC §7 "returns the new id"). */
export const newIdSchema = { type: 'integer', description: 'The new id.' } as const
