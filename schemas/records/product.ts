import type { FromSchema } from 'json-schema-to-ts'
import { attributeSchema } from '../entities/attribute'

/** SPEC §3 "Product (asset)" as the products page answers it; attributes carry the SPEC keys. */
export const productSchema = {
  type: 'object',
  required: ['id', 'serialNumber', 'assetModelId', 'productSerialNumber', 'attributes'],
  properties: {
    id: { type: 'integer' },
    serialNumber: { type: 'string' },
    serialNumberPrefix: { type: 'string' },
    productSerialNumber: { type: 'string' },
    assetModelId: { type: 'integer' },
    assetModel: { type: ['string', 'null'] },
    assetManufacturerId: { type: ['integer', 'null'] },
    assetManufacturerName: { type: ['string', 'null'] },
    parent: { type: ['integer', 'null'] },
    dateOfLastRecord: { type: ['string', 'null'] },
    currentStatus: { type: ['string', 'null'], enum: ['pass', 'fail', 'other', null] },
    attributes: { type: 'array', items: attributeSchema },
  },
} as const

export type Product = FromSchema<typeof productSchema>

/** Answer of `GET {meta}/api/assets/page/...`: totalCount and result (SPEC §7). */
export const productPageSchema = {
  type: 'object',
  required: ['totalCount', 'result'],
  properties: {
    totalCount: { type: 'integer' },
    totalPages: { type: 'integer' },
    result: { type: 'array', items: productSchema },
  },
} as const

/** Sort fields of the products page. */
export const PRODUCT_SORT_FIELDS = [
  'id',
  'serialNumber',
  'productSerialNumber',
  'assetManufacturerName',
  'assetModel',
  'dateOfLastRecord',
  'currentStatus',
] as const

const textList = { type: 'array', maxItems: 500, items: { type: ['string', 'number'] } } as const

/**
 * The `{url-encoded JSON}` of the products page (SPEC §7): attribute {key,value} (DateOfLastRecord takes
 * {from,to} or "from|to"; CurrentStatus takes pass, fail or n/a), serialNumbers, assetManufacturerNames,
 * assetModels (names or ids), ParentAssetId (the product and its children), sortField, sortDirection.
 */
export const productsFilterSchema = {
  type: 'object',
  properties: {
    attribute: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['key'],
          properties: { key: { type: 'string', maxLength: 100 }, value: {} },
        },
        {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            required: ['key'],
            properties: { key: { type: 'string', maxLength: 100 }, value: {} },
          },
        },
      ],
    },
    serialNumbers: textList,
    assetManufacturerNames: textList,
    assetModels: textList,
    ParentAssetId: { type: ['integer', 'string', 'null'] },
    sortField: { type: ['string', 'null'], maxLength: 100 },
    sortDirection: { type: ['string', 'null'], maxLength: 10 },
  },
} as const

export type ProductsFilter = FromSchema<typeof productsFilterSchema>
