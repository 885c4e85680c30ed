import { eq, inArray, sql, type Column, type SQL } from 'drizzle-orm'
import type { EquipmentSnapshot, RecordDetail, RecordListItem, RecordView } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModels,
  customers,
  dataPointTypes,
  deviceOwners,
  records,
} from '../db/schema/index'
import { renderedOnce } from '../db/rendered-sql'
import { intArray } from '../db/sql-arrays'
import { rowsOf } from '../submissions/write/sql-batch'
import { isoText, RECORD_ITEM_COLUMNS } from './records-query'
import { RECORD_VIEW_COLUMNS, type RecordViewColumns } from './record-view'

/**
 * `column` is one of `values`: `=` for one (the single certificate), as PGlite plans `IN (…)` of the
 * record's list select at about twice the cost.
 */
export function anyOf<T>(column: Column, values: readonly T[]): SQL {
  return values.length === 1 ? eq(column, values[0]) : inArray(column, [...values])
}

/** Values of `rows` grouped by `key`, in the rows' order. */
export function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const row of rows) {
    const list = out.get(key(row))
    if (list) list.push(row)
    else out.set(key(row), [row])
  }
  return out
}

/**
 * A record's devices (id and snapshot) in id order, as one JSON column of the record's own statement. Plain
 * names: the correlated subquery must bind to the outer `records` row whatever drizzle writes.
 */
const RECORD_EQUIPMENT = sql<{ id: number; snapshot: EquipmentSnapshot | null }[] | null>`(
  SELECT json_agg(json_build_object('id', rte.test_equipment_id, 'snapshot', rte.snapshot)
    ORDER BY rte.test_equipment_id)
  FROM record_test_equipment rte WHERE rte.record_id = records.id)`

/**
 * `SELECT <list item and detail columns AS their keys> FROM records <name joins, owner>`, rendered once;
 * with the record page's columns too (RECORD_VIEW_COLUMNS) for `view`.
 */
const detailHead = (view: boolean) =>
  renderedOnce(view ? 'records: view head' : 'records: detail head', () => {
    const columns = Object.entries({
      ...RECORD_ITEM_COLUMNS,
      data: records.data,
      fileName: records.fileName,
      layoutVersion: records.layoutVersion,
      parameters: records.parameters,
      deviceOwnerId: records.deviceOwnerId,
      deviceOwnerName: deviceOwners.name,
      productId: records.productId,
      testEquipmentId: records.testEquipmentId,
      createdAt: isoText(records.createdAt),
      revision: records.revision,
      equipment: RECORD_EQUIPMENT,
      ...(view ? RECORD_VIEW_COLUMNS : {}),
    }).map(([key, field]) => sql`${field} AS ${sql.identifier(key)}`)
    return sql`SELECT ${sql.join(columns, sql`, `)}
      FROM ${records}
      JOIN ${dataPointTypes} ON ${dataPointTypes.id} = ${records.recordTypeId}
      LEFT JOIN ${assetModels} ON ${assetModels.id} = ${records.productTypeId}
      LEFT JOIN ${assetManufacturers} ON ${assetManufacturers.id} = ${records.supplierId}
      LEFT JOIN ${customers} ON ${customers.id} = ${records.customerId}
      LEFT JOIN ${deviceOwners} ON ${deviceOwners.id} = ${records.deviceOwnerId}`
  })

/** A row of {@link detailHead} as the driver answers it: a list item and the detail's columns. */
type DetailRow = RecordListItem & {
  data: RecordDetail['data']
  fileName: string | null
  layoutVersion: number | null
  parameters: RecordDetail['parameters']
  deviceOwnerId: number | null
  deviceOwnerName: string | null
  productId: number | null
  testEquipmentId: number | null
  createdAt: string
  revision: number
  equipment: { id: number; snapshot: EquipmentSnapshot | null }[] | null
}

/**
 * The records of `ids` in the viewer's scope as `RecordsRepository.get` answers one (list item, data,
 * layout revision, parameters, owner, devices and their snapshots), in one statement for all of them: a
 * submission's audit row reads its record back with it inside the submission's transaction (issue #17.1),
 * where each statement is a round trip the transaction waits for. The columns and joins are rendered once
 * (as the records page's are): drizzle's builder spent ~0.5 ms of the server's CPU on them per call.
 */
export async function recordDetails(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
): Promise<Map<number, RecordDetail>> {
  if (ids.length === 0) return new Map()
  const rows = await detailRows<DetailRow>(db, ids, viewer, false)
  return new Map(rows.map((row) => [row.recordId, toDetail(row)]))
}

/**
 * The record `id` as GET Record/{id} answers it (see RECORD_VIEW_COLUMNS), in one statement; undefined
 * when it does not exist or lies outside the viewer's scope.
 */
export async function recordView(db: Db, id: number, viewer: Viewer): Promise<RecordView | undefined> {
  const [row] = await detailRows<DetailRow & RecordViewColumns>(db, [id], viewer, true)
  if (!row) return undefined
  const { impactCases, openedImpactCase, calibrationOutcome, ...detail } = row
  return { ...toDetail(detail), impactCases, openedImpactCase, calibrationOutcome }
}

/** The rows of `ids` in the viewer's scope, with the record page's columns for `view`. */
async function detailRows<Row>(db: Db, ids: readonly number[], viewer: Viewer, view: boolean) {
  const which =
    ids.length === 1 ? sql`${records.id} = ${ids[0]}::int` : sql`${records.id} = ANY(${intArray(ids)})`
  const scope = viewer.recordScope()
  return rowsOf<Row>(
    await db.execute(sql`${detailHead(view)} WHERE ${which}${scope ? sql` AND ${scope}` : sql``}`),
  )
}

/** One row of {@link recordDetails} as the API's RecordDetail. */
function toDetail(row: DetailRow): RecordDetail {
  const {
    data,
    fileName,
    layoutVersion,
    parameters,
    deviceOwnerId,
    deviceOwnerName,
    productId,
    testEquipmentId,
    createdAt,
    equipment,
    ...listed
  } = row
  const used = equipment ?? []
  return {
    ...listed,
    data,
    fileName,
    layoutVersion,
    parameters,
    deviceOwnerId,
    deviceOwnerName,
    productId,
    testEquipmentId,
    createdAt,
    testEquipment: used.map((e) => e.id),
    testEquipmentUsed: used.flatMap((e) => (e.snapshot ? [e.snapshot] : [])),
  }
}
