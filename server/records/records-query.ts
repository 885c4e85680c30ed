import { asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { SENSOR_TYPE_BY_CAPTURE, type CaptureType } from '../../schemas/entities/data-point-type'
import type { RECORD_SORT_FIELDS } from '../../schemas/records/index'
import {
  RECORD_FILTER_FIELDS,
  RECORD_MESSAGES,
  type RecordsFilter,
  type SuspectState,
} from '../../schemas/records/index'
import { badRequest } from '../http-error'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModels,
  customers,
  dataPointTypes,
  impactCaseRecords,
  records,
} from '../db/schema/index'

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
  reviewState: records.reviewState,
  supersededById: records.supersededById,
}

/**
 * A record's state in impact cases (issue #15.3), strictest first: undecided while any case has no
 * disposition for it, then recall, retest, accept; null when it is in no case. `rows` names the
 * impact_case_records rows of one record.
 */
export const suspectStateOf = (rows: SQL) => sql`CASE
    WHEN bool_or(${rows}.disposition IS NULL) THEN 'undecided'
    WHEN bool_or(${rows}.disposition = 'recall') THEN 'recall'
    WHEN bool_or(${rows}.disposition = 'retest') THEN 'retest'
    ELSE 'accept' END`

/** The list item's `suspect`: one index lookup per listed record (a page, never the export's million). */
export const RECORD_SUSPECT = sql<SuspectState | null>`(SELECT ${suspectStateOf(sql.raw('icr'))}
  FROM ${impactCaseRecords} icr WHERE icr.record_id = ${records.id} HAVING count(*) > 0)`

/** A timestamptz as `Date#toISOString` writes it (UTC, milliseconds), written by the database. */
export const isoText = (column: SQLWrapper) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The list item's captureType from its record type's sensor type: captureTypeOf, as SQL. */
const RECORD_CAPTURE_TYPE = sql<CaptureType | null>`CASE ${dataPointTypes.sensorTypeId}
  ${sql.raw(
    Object.entries(SENSOR_TYPE_BY_CAPTURE)
      .map(([type, id]) => `WHEN ${Number(id)} THEN '${type}'`)
      .join(' '),
  )} END`

/**
 * A list item's columns, each named as its key, so that a row the driver answers is the item itself
 * (issue #17.4): mapping the rows in JavaScript (the date parsed and written again, the capture type
 * looked up, a new object per row) was ~75 µs of a 10-row page. Only SQL without parameters: the records
 * page and the detail read render them once.
 */
export const RECORD_ITEM_COLUMNS = (() => {
  const { sensorTypeId: _sensorType, ...listed } = RECORD_LIST_FIELDS
  return {
    ...listed,
    recordDate: isoText(records.recordDate),
    captureType: RECORD_CAPTURE_TYPE,
    suspect: RECORD_SUSPECT,
  }
})()

/**
 * The list item columns with the record's data, its layout revision (which columns read its data) and its
 * date as the database's own text (microseconds kept, for keyset cursors): what the export reads, in one
 * query per batch.
 */
export function recordExportSelect(db: Db) {
  return db
    .select({
      ...RECORD_LIST_FIELDS,
      data: records.data,
      layoutVersion: records.layoutVersion,
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
 * Which name tables the conditions and the ordering of `filter` refer to: only the `supplier`,
 * `supplierContains`, `customer` and `customerContains` filters and the name sorts do. Key queries join
 * just those, so PostgreSQL plans them on `records` and its indexes alone (with unused joins present it
 * picked worse plans at 1,000,000 rows).
 */
export function recordJoinsOf(filter: RecordsFilter, withOrder: boolean): RecordJoins {
  const fields = new Set(
    (filter.filters ?? []).map((f) => FIELD_BY_LOWER.get(String(f.field).toLowerCase())).filter(Boolean),
  )
  const sort = withOrder ? sortKeyOf(filter) : undefined
  return {
    recordType: sort === 'recordTypeName',
    productType: sort === 'productTypeName',
    supplier: sort === 'supplierName' || fields.has('supplier') || fields.has('supplierContains'),
    customer: sort === 'customerName' || fields.has('customer') || fields.has('customerContains'),
  }
}

/**
 * `SELECT records.id FROM records` with just the `joins` asked for: the key query of a page and of its
 * count. Left joins throughout: every record has its record type (NOT NULL foreign key), so a left join
 * to it matches exactly the rows the list select's inner join does.
 */
export function recordKeySelect(db: Db, joins: RecordJoins) {
  return withRecordJoins(db.select({ id: records.id }).from(records).$dynamic(), joins)
}

/**
 * A dynamic `… FROM records` query with just the `joins` asked for (see recordKeySelect): for every query
 * that runs a records filter's conditions, which may name the supplier and customer tables.
 */
export function withRecordJoins<Q extends PgSelect>(query: Q, joins: RecordJoins): Q {
  // Left joins never change the selected fields: the query keeps its type.
  let joined: PgSelect = query
  if (joins.recordType) joined = joined.leftJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
  if (joins.productType) joined = joined.leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
  if (joins.supplier)
    joined = joined.leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
  if (joins.customer) joined = joined.leftJoin(customers, eq(customers.id, records.customerId))
  return joined as Q
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

/** A filter's whitelisted sort field and direction (default newest first), or a 400 naming the field. */
export function recordSort(filter: RecordsFilter): { key: keyof typeof SORT_COLUMNS; descending: boolean } {
  const key = sortKeyOf(filter)
  const direction = String(filter.sortDirection ?? (key === 'recordDate' ? 'desc' : 'asc'))
  return { key, descending: direction.toLowerCase() === 'desc' }
}

/** The ordering of a filter: a whitelisted field, then id, in the asked direction (default newest first). */
export function recordOrder(filter: RecordsFilter): SQL[] {
  const { key, descending } = recordSort(filter)
  const dir = descending ? desc : asc
  return [dir(SORT_COLUMNS[key]), dir(records.id)]
}

/** Filter field names by their lower-cased spelling (the filter's field names are case-insensitive). */
export const FIELD_BY_LOWER = new Map(RECORD_FILTER_FIELDS.map((f) => [f.toLowerCase(), f]))
