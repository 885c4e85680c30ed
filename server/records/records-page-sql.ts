import { sql, type SQL } from 'drizzle-orm'
import type { RecordsFilter } from '../../schemas/records/index'
import { countHorizon } from '../../schemas/paging'
import type { Viewer } from '../access/viewer'
import { renderedNow, renderedOnce } from '../db/rendered-sql'
import { assetManufacturers, assetModels, customers, dataPointTypes, records } from '../db/schema/index'
import { recordConditions } from './records-filter'
import {
  RECORD_ITEM_COLUMNS,
  recordJoinsOf,
  recordOrder,
  recordSort,
  type RecordJoins,
} from './records-query'

/**
 * The records page's two statements in drizzle's `sql` (issue #17.4). Its query builder took ~0.5 ms
 * of the server's CPU to build the list select's 24 columns and joins on every call and ~0.4 ms more
 * for the key query and the count (bench/page-overhead.ts), more than the database spent on a serial
 * filter's page. The part that never changes — the list columns, named as the list item's keys, and
 * the name joins — is built once; per call only the conditions, the order and the numbers are. The
 * rows are the list items as they are (RECORD_ITEM_COLUMNS).
 */

/** `SELECT <list item columns AS their keys> FROM records <name joins>`. */
const listHead = () =>
  renderedOnce('records: list head', () => {
    const columns = Object.entries(RECORD_ITEM_COLUMNS).map(
      ([key, field]) => sql`${field} AS ${sql.identifier(key)}`,
    )
    return sql`SELECT ${sql.join(columns, sql`, `)}
      FROM ${records}
      JOIN ${dataPointTypes} ON ${dataPointTypes.id} = ${records.recordTypeId}
      LEFT JOIN ${assetModels} ON ${assetModels.id} = ${records.productTypeId}
      LEFT JOIN ${assetManufacturers} ON ${assetManufacturers.id} = ${records.supplierId}
      LEFT JOIN ${customers} ON ${customers.id} = ${records.customerId}`
  })

/**
 * `SELECT records.id FROM records` with the name joins a key query needs (see recordJoinsOf): left
 * joins, so no record is lost or doubled.
 */
const keyFrom = (joins: RecordJoins) =>
  renderedOnce(`records: keys ${JSON.stringify(joins)}`, () => {
    const parts = [sql`SELECT ${records.id} FROM ${records}`]
    if (joins.recordType)
      parts.push(sql`LEFT JOIN ${dataPointTypes} ON ${dataPointTypes.id} = ${records.recordTypeId}`)
    if (joins.productType)
      parts.push(sql`LEFT JOIN ${assetModels} ON ${assetModels.id} = ${records.productTypeId}`)
    if (joins.supplier)
      parts.push(sql`LEFT JOIN ${assetManufacturers} ON ${assetManufacturers.id} = ${records.supplierId}`)
    if (joins.customer) parts.push(sql`LEFT JOIN ${customers} ON ${customers.id} = ${records.customerId}`)
    return sql.join(parts, sql` `)
  })

/** `SELECT records.id FROM records <joins> WHERE <the viewer's scope and the filter>`. */
const keySelect = (filter: RecordsFilter, where: SQL | undefined, withOrder: boolean) =>
  sql`${keyFrom(recordJoinsOf(filter, withOrder))} WHERE ${where ?? sql`true`}`

/** The ORDER BY list of a filter (a whitelisted column and id, one direction). */
function orderOf(filter: RecordsFilter): SQL {
  const { key, descending } = recordSort(filter)
  return renderedOnce(`records: order ${key} ${descending}`, () => sql.join(recordOrder(filter), sql`, `))
}

/**
 * A page's statements. `rows`: its `size` ids found on `records` alone (an index range scan, index-only
 * for deep pages), then only those rows joined with their names, in the filter's order. `count`: the
 * matching records counted no further than `countHorizon` (see page-count.ts).
 */
export function recordPageSql(
  filter: RecordsFilter,
  viewer: Viewer,
  page: number,
  size: number,
): { rows: SQL; count: SQL } {
  // In both statements: rendered once (renderedNow).
  const conditions = recordConditions(filter, viewer)
  const where = conditions && renderedNow(conditions)
  const order = orderOf(filter)
  const offset = (page - 1) * size
  return {
    rows: sql`${listHead()}
      JOIN (${keySelect(filter, where, true)} ORDER BY ${order} LIMIT ${size} OFFSET ${offset}) page_ids
        ON page_ids.id = "records"."id"
      ORDER BY ${order}`,
    count: cappedCountSql(keySelect(filter, where, false), countHorizon(offset, size)),
  }
}

/** How many records match, counting no further than `upTo`. */
export function recordCountSql(filter: RecordsFilter, viewer: Viewer, upTo: number): SQL {
  return cappedCountSql(keySelect(filter, recordConditions(filter, viewer), false), upTo)
}

const cappedCountSql = (keys: SQL, upTo: number) =>
  sql`SELECT count(*)::int AS n FROM (${keys} LIMIT ${upTo}) capped`
