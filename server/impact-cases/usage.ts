import { sql, type SQL } from 'drizzle-orm'
import {
  startOfUtcDay,
  type EquipmentUsageFilter,
  type EquipmentUsageItem,
  type EquipmentUsagePage,
} from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { calibrationHistory, impactCaseRecords, records, recordTestEquipment } from '../db/schema/index'
import { readDate } from '../submissions/values'
import { rowsOf } from '../submissions/write/sql-batch'
import { suspectStateOf } from '../records/records-query'

const DAY_MS = 86_400_000

/** A day bound of the filter (yyyy-MM-dd or an ISO date-time), as the start of its UTC day. */
const dayOf = (text: string | null | undefined, name: string): Date | null =>
  text?.trim() ? startOfUtcDay(readDate(text, name).date) : null

/**
 * The records that used a device (issue #15.3), as one FROM … WHERE: every record linked to it except its
 * own calibrations, within the caller's record scope and the filter's days (both included). Each row
 * carries the calibration in force at its date — the device's latest calibrated on or before the
 * record's day — as `cal`, so "used after expiry" means on or after that calibration's expiry day.
 */
function usageFrom(deviceId: number, filter: EquipmentUsageFilter, viewer: Viewer): SQL {
  const from = dayOf(filter.from, 'from')
  const to = dayOf(filter.to, 'to')
  const scope = viewer.recordScope()
  return sql`FROM ${recordTestEquipment} l
    JOIN ${records} ON ${records.id} = l.record_id
    LEFT JOIN LATERAL (
      SELECT h.skipped, h.expires FROM ${calibrationHistory} h
      WHERE h.test_equipment_id = l.test_equipment_id
        AND h.calibration_date < date_trunc('day', ${records.recordDate}, 'UTC') + interval '1 day'
      ORDER BY h.calibration_date DESC, h.record_id DESC LIMIT 1
    ) cal ON true
    WHERE l.test_equipment_id = ${deviceId}::int
      AND ${records.testEquipmentId} IS DISTINCT FROM ${deviceId}::int
      ${from ? sql`AND ${records.recordDate} >= ${from}` : sql``}
      ${to ? sql`AND ${records.recordDate} < ${new Date(to.getTime() + DAY_MS)}` : sql``}
      ${scope ? sql`AND ${scope}` : sql``}
      ${filter.afterExpiry ? sql`AND ${AFTER_EXPIRY}` : sql``}`
}

/** Used on or after the expiry day of the calibration in force (a skipped one never expires). */
const AFTER_EXPIRY = sql`(cal.skipped IS FALSE AND cal.expires IS NOT NULL
  AND ${records.recordDate} >= date_trunc('day', cal.expires, 'UTC'))`

interface UsageRow {
  record_id: number
  product_serial_number: string
  product_type_name: string | null
  record_type_name: string
  supplier_name: string | null
  category: string
  record_date: string | Date
  test_result: string
  status_at_use: string | null
  after_expiry: boolean
  suspect: string | null
}

const toItem = (r: UsageRow): EquipmentUsageItem => ({
  recordId: Number(r.record_id),
  productSerialNumber: r.product_serial_number,
  productTypeName: r.product_type_name,
  recordTypeName: r.record_type_name,
  supplierName: r.supplier_name,
  category: r.category,
  recordDate: new Date(r.record_date).toISOString(),
  testResult: r.test_result as EquipmentUsageItem['testResult'],
  statusAtUse: r.status_at_use,
  afterExpiry: Boolean(r.after_expiry),
  suspect: r.suspect as EquipmentUsageItem['suspect'],
})

/** One page (from 1) of the records that used the device, newest first unless asked otherwise. */
export async function usagePage(
  db: Db,
  deviceId: number,
  filter: EquipmentUsageFilter,
  page: number,
  size: number,
  viewer: Viewer,
): Promise<EquipmentUsagePage> {
  const from = usageFrom(deviceId, filter, viewer)
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n ${from}`))
  const totalCount = Number(n)
  const result = (await usageRows(db, from, filter.sortDirection === 'asc', size, (page - 1) * size)).map(
    toItem,
  )
  return { totalCount, totalPages: Math.ceil(totalCount / size), result }
}

/** The ids of the records used after expiry, oldest first (a lapsed case lists them). */
export async function usedAfterExpiry(db: Db, deviceId: number, viewer: Viewer): Promise<number[]> {
  const from = usageFrom(deviceId, { afterExpiry: true }, viewer)
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT ${records.id} AS id ${from} ORDER BY ${records.recordDate}, ${records.id}`),
  )
  return rows.map((r) => Number(r.id))
}

async function usageRows(db: Db, from: SQL, ascending: boolean, limit: number, offset: number) {
  const dir = sql.raw(ascending ? 'ASC' : 'DESC')
  return rowsOf<UsageRow>(
    await db.execute(sql`SELECT ${records.id} AS record_id, ${records.productSerialNumber} AS product_serial_number,
        (SELECT name FROM asset_models m WHERE m.id = ${records.productTypeId}) AS product_type_name,
        (SELECT name FROM data_point_types t WHERE t.id = ${records.recordTypeId}) AS record_type_name,
        (SELECT name FROM asset_manufacturers s WHERE s.id = ${records.supplierId}) AS supplier_name,
        ${records.category} AS category, ${records.recordDate} AS record_date,
        ${records.testResult} AS test_result, l.snapshot->>'status' AS status_at_use,
        ${AFTER_EXPIRY} AS after_expiry,
        (SELECT ${suspectStateOf(sql.raw('icr'))} FROM ${impactCaseRecords} icr
          WHERE icr.record_id = ${records.id} HAVING count(*) > 0) AS suspect
      ${from}
      ORDER BY ${records.recordDate} ${dir}, ${records.id} ${dir}
      LIMIT ${limit} OFFSET ${offset}`),
  )
}
