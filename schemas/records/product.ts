import type { FromSchema } from 'json-schema-to-ts'
import { attributeSchema } from '../entities/attribute'

/**
 * The product summary rule (SPEC §4 "Product status", DESIGN.md §5), its one home: DateOfLastRecord is
 * the date of the product's newest record of any category; CurrentStatus is the conclusion of its newest
 * record of a concluding category — pass, fail, or other for n/a ('-') — and null while it has none.
 * The server applies it in SQL (server/products/product-summaries.ts) and, for products a CSV batch
 * creates, in memory (`summaryOf` below).
 */
export const CONCLUDING_CATEGORIES = ['test'] as const

/** A product's CurrentStatus for a concluding record's result. */
export const productStatusOf = (testResult: string): 'pass' | 'fail' | 'other' =>
  testResult === 'pass' || testResult === 'fail' ? testResult : 'other'

/** A product's summary columns. */
export interface ProductSummary {
  dateOfLastRecord: Date
  /** The date of the record that concluded `currentStatus`, if any. */
  concludedAt?: Date
  currentStatus: 'pass' | 'fail' | 'other' | null
}

/**
 * The summary after one more record, taken in order (a later record wins a tie of dates, as its higher id
 * does in SQL): the rule above, applied to records held in memory.
 */
export function summaryOf(
  summary: ProductSummary | undefined,
  record: { recordDate: Date; category: string; testResult: string },
): ProductSummary {
  const next: ProductSummary = summary
    ? { ...summary }
    : { dateOfLastRecord: record.recordDate, currentStatus: null }
  if (record.recordDate >= next.dateOfLastRecord) next.dateOfLastRecord = record.recordDate
  const concludes = (CONCLUDING_CATEGORIES as readonly string[]).includes(record.category)
  if (concludes && (!next.concludedAt || record.recordDate >= next.concludedAt)) {
    next.concludedAt = record.recordDate
    next.currentStatus = productStatusOf(record.testResult)
  }
  return next
}

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
    /** Issue #15.3: a suspect record of the product was given 'retest' and no new record cleared it yet. */
    retestRequired: { type: 'boolean' },
    /**
     * Issue #15.3: a suspect record of the product was given 'recall' and no new record of its record
     * type cleared it yet (the retest's rule). Independent of `retestRequired`; /Products shows 'Recalled'
     * in place of 'Retest required' when both are true.
     */
    recalled: { type: 'boolean' },
    /** Issue #19: a record newer than what the status says waits for review or approval. */
    pendingReview: { type: 'boolean' },
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
