import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { RECORD_SORT_FIELDS } from '../../schemas/records/index'
import {
  CATEGORY_FILTERS,
  RECORD_FILTER_FIELDS,
  RECORD_MESSAGES,
  type CategoryFilter,
  type RecordListItem,
  recordsFilterSchema,
  type RecordsFilter,
} from '../../schemas/records/index'
import { captureTypeOf } from '../../schemas/entities/data-point-type'
import { badRequest } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModels,
  customers,
  dataPointTypes,
  recordTestEquipment,
  records,
} from '../db/schema/index'
import { parseFilter } from './filter-params'
import { parseDate } from '../submissions/values'
import { dateOfText } from '../../schemas/records/values'

/** The list item columns: `records`' own and the names of its record type, product type, supplier, customer. */
export const RECORD_LIST_FIELDS = {
  recordId: records.id,
  recordTypeId: records.recordTypeId,
  productTypeId: records.productTypeId,
  supplierId: records.supplierId,
  customerId: records.customerId,
  productSerialNumber: records.productSerialNumber,
  serialNumberPrefix: records.serialNumberPrefix,
  productTypeName: assetModels.name,
  recordTypeName: dataPointTypes.name,
  sensorTypeId: dataPointTypes.sensorTypeId,
  testResult: records.testResult,
  supplierName: assetManufacturers.name,
  jobNumber: records.jobNumber,
  batchNumber: records.batchNumber,
  customerName: customers.name,
  faultItems: records.faultItems,
  repairItems: records.repairItems,
  faultDescriptives: records.faultDescriptives,
  repairDescriptives: records.repairDescriptives,
  recordDate: records.recordDate,
  category: records.category,
}

/** The list item columns, joined with names. */
export function recordListSelect(db: Db) {
  return db
    .select(RECORD_LIST_FIELDS)
    .from(records)
    .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
    .leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
    .leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
    .leftJoin(customers, eq(customers.id, records.customerId))
}

/**
 * The list item columns with the record's data and its date as the database's own text (microseconds
 * kept, for keyset cursors): what the export reads, in one query per batch.
 */
export function recordExportSelect(db: Db) {
  return db
    .select({
      ...RECORD_LIST_FIELDS,
      data: records.data,
      recordDateText: sql<string>`${records.recordDate}::text`,
    })
    .from(records)
    .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
    .leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
    .leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
    .leftJoin(customers, eq(customers.id, records.customerId))
}

/** The name tables a records query can refer to besides `records`. */
export interface RecordJoins {
  recordType: boolean
  productType: boolean
  supplier: boolean
  customer: boolean
}

/**
 * Which name tables the conditions and the ordering of `filter` refer to: only the `supplier` and
 * `customer` filters and the name sorts do. Key queries join just those, so PostgreSQL plans them on
 * `records` and its indexes alone (with unused joins present it picked worse plans at 1,000,000 rows).
 */
export function recordJoinsOf(filter: RecordsFilter, withOrder: boolean): RecordJoins {
  const fields = new Set(
    (filter.filters ?? []).map((f) => FIELD_BY_LOWER.get(String(f.field).toLowerCase())).filter(Boolean),
  )
  const sort = withOrder ? sortKeyOf(filter) : undefined
  return {
    recordType: sort === 'recordTypeName',
    productType: sort === 'productTypeName',
    supplier: sort === 'supplierName' || fields.has('supplier'),
    customer: sort === 'customerName' || fields.has('customer'),
  }
}

/**
 * `SELECT records.id FROM records` with just the `joins` asked for: the key query of a page and of its
 * count. Left joins throughout: every record has its record type (NOT NULL foreign key), so a left join
 * to it matches exactly the rows the list select's inner join does.
 */
export function recordKeySelect(db: Db, joins: RecordJoins) {
  let query = db.select({ id: records.id }).from(records).$dynamic()
  if (joins.recordType) query = query.leftJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
  if (joins.productType) query = query.leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
  if (joins.supplier)
    query = query.leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
  if (joins.customer) query = query.leftJoin(customers, eq(customers.id, records.customerId))
  return query
}

export type RecordListRow = Awaited<ReturnType<ReturnType<typeof recordListSelect>['execute']>>[number]

/** A selected row in the SPEC §3 Record list item shape. */
export function toListItem(row: RecordListRow): RecordListItem {
  const { sensorTypeId, recordDate, ...rest } = row
  return {
    ...rest,
    testResult: row.testResult as RecordListItem['testResult'],
    category: row.category as CategoryFilter,
    recordDate: recordDate.toISOString(),
    captureType: captureTypeOf(sensorTypeId),
  }
}

const SORT_COLUMNS = {
  recordDate: records.recordDate,
  recordId: records.id,
  productSerialNumber: records.productSerialNumber,
  productTypeName: assetModels.name,
  recordTypeName: dataPointTypes.name,
  testResult: records.testResult,
  supplierName: assetManufacturers.name,
  jobNumber: records.jobNumber,
  customerName: customers.name,
} as const satisfies Record<(typeof RECORD_SORT_FIELDS)[number], unknown>

/** The whitelisted sort field a filter asks for (default recordDate), or a 400 naming it. */
function sortKeyOf(filter: RecordsFilter): keyof typeof SORT_COLUMNS {
  const field = filter.sortField || 'recordDate'
  const key = (Object.keys(SORT_COLUMNS) as (keyof typeof SORT_COLUMNS)[]).find(
    (k) => k.toLowerCase() === field.toLowerCase(),
  )
  if (!key) throw badRequest(RECORD_MESSAGES.badSortField(field))
  return key
}

/** The ordering of a filter: a whitelisted field, then id, in the asked direction (default newest first). */
export function recordOrder(filter: RecordsFilter): SQL[] {
  const key = sortKeyOf(filter)
  const dir =
    String(filter.sortDirection ?? (key === 'recordDate' ? 'desc' : 'asc')).toLowerCase() === 'desc'
      ? desc
      : asc
  return [dir(SORT_COLUMNS[key]), dir(records.id)]
}

const FIELD_BY_LOWER = new Map(RECORD_FILTER_FIELDS.map((f) => [f.toLowerCase(), f]))

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (v == null ? '' : String(v).trim()))
    .filter((v) => v !== '')

const idsOf = (field: string, value: unknown): number[] =>
  listOf(value).map((v) => {
    if (!/^\d{1,9}$/.test(v)) throw badRequest(RECORD_MESSAGES.badFilterShape(`${field} must be an id`))
    return Number(v)
  })

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const contains = (column: Parameters<typeof ilike>[0], values: string[]) =>
  or(...values.map((v) => ilike(column, `%${escapeLike(v)}%`)))

/** The condition of one `filters[]` entry; unknown fields are refused. */
function filterCondition(rawField: string, value: unknown): SQL | undefined {
  const field = FIELD_BY_LOWER.get(rawField.toLowerCase())
  if (!field) throw badRequest(RECORD_MESSAGES.unknownFilterField(rawField))
  const values = listOf(value)
  if (values.length === 0) return undefined
  switch (field) {
    case 'productSerialNumber':
    case 'serialNumber': {
      const all = [...new Set([...values, ...values.map((v) => v.toUpperCase())])]
      return inArray(records.productSerialNumber, all)
    }
    case 'productTypeId':
      return inArray(records.productTypeId, idsOf(field, value))
    case 'recordTypeId':
      return inArray(records.recordTypeId, idsOf(field, value))
    case 'supplierId':
      return inArray(records.supplierId, idsOf(field, value))
    case 'customerId':
      return inArray(records.customerId, idsOf(field, value))
    case 'productId':
      return inArray(records.productId, idsOf(field, value))
    case 'deviceOwnerId':
      return inArray(records.deviceOwnerId, idsOf(field, value))
    case 'testEquipment':
      return inArray(
        records.id,
        sql`(SELECT ${recordTestEquipment.recordId} FROM ${recordTestEquipment} WHERE ${inArray(recordTestEquipment.testEquipmentId, idsOf(field, value))})`,
      )
    case 'category': {
      if (values.some((v) => v.toLowerCase() === 'all')) return undefined
      const known = values.map((v) => CATEGORY_FILTERS.find((c) => c.toLowerCase() === v.toLowerCase()))
      if (known.some((c) => !c))
        throw badRequest(RECORD_MESSAGES.badFilterShape(`unknown category ${values.join(', ')}`))
      return inArray(records.category, known as string[])
    }
    case 'result':
      return inArray(
        records.testResult,
        values.map((v) => (['n/a', 'na', '-'].includes(v.toLowerCase()) ? '-' : v.toLowerCase())),
      )
    case 'supplier':
      return inArray(
        sql`lower(${assetManufacturers.name})`,
        values.map((v) => v.toLowerCase()),
      )
    case 'customer':
      return inArray(
        sql`lower(${customers.name})`,
        values.map((v) => v.toLowerCase()),
      )
    case 'jobNumber':
      return contains(records.jobNumber, values)
    case 'batchNumber':
      return contains(records.batchNumber, values)
    case 'faultItem':
      return contains(records.faultItems, values)
    case 'repairItem':
      return contains(records.repairItems, values)
    case 'faultDescriptive':
      return contains(records.faultDescriptives, values)
    case 'repairDescriptive':
      return contains(records.repairDescriptives, values)
  }
}

/** A date bound; a date without a time as an end bound includes that whole day. */
function bound(text: string | null | undefined, name: string, end: boolean): SQL | undefined {
  if (!text || !text.trim()) return undefined
  const date = parseDate(text, name)
  const dateOnly = !dateOfText(text)?.timed
  if (end && dateOnly) return lt(records.recordDate, new Date(date.getTime() + 24 * 3600 * 1000))
  return end ? lte(records.recordDate, date) : gte(records.recordDate, date)
}

/** Every condition of a records filter (unknown fields and bad values refused with a 400). */
function filterConditions(filter: RecordsFilter): (SQL | undefined)[] {
  return [
    ...(filter.filters ?? []).map((f) => filterCondition(f.field, f.value)),
    bound(filter.startDate, 'startDate', false),
    bound(filter.endDate, 'endDate', true),
  ]
}

/** Every condition of a records filter plus the viewer's scope. */
export function recordConditions(filter: RecordsFilter, viewer: Viewer): SQL | undefined {
  return and(viewer.recordScope(), ...filterConditions(filter))
}

/**
 * The records filter of a URL segment, checked whole before anything runs: its JSON shape (the same
 * schema for the records page and the Excel export) and what the shape cannot say — filter fields,
 * category values, ids, dates and the sort field. An export is refused with the records page's 400
 * before a job is logged (issue #11.7).
 */
export function parseRecordsFilter(raw: string | undefined): RecordsFilter {
  const filter = parseFilter<RecordsFilter>(raw, recordsFilterSchema)
  filterConditions(filter)
  recordOrder(filter)
  return filter
}
