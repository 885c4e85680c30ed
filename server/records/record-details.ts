import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm'
import type { EquipmentSnapshot, RecordDetail } from '../../schemas/records/index'
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
import { RECORD_LIST_FIELDS, RECORD_SUSPECT, toListItem } from './records-query'

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
 * The records of `ids` in the viewer's scope as `RecordsRepository.get` answers one (list item, data,
 * layout revision, parameters, owner, devices and their snapshots), in one statement for all of them: a
 * submission's audit row reads its record back with it inside the submission's transaction (issue #17.1),
 * where each statement is a round trip the transaction waits for.
 */
export async function recordDetails(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
): Promise<Map<number, RecordDetail>> {
  const rows = await db
    .select({
      ...RECORD_LIST_FIELDS,
      suspect: RECORD_SUSPECT,
      data: records.data,
      fileName: records.fileName,
      layoutVersion: records.layoutVersion,
      parameters: records.parameters,
      deviceOwnerId: records.deviceOwnerId,
      deviceOwnerName: deviceOwners.name,
      productId: records.productId,
      testEquipmentId: records.testEquipmentId,
      createdAt: records.createdAt,
      equipment: RECORD_EQUIPMENT,
    })
    .from(records)
    .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
    .leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
    .leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
    .leftJoin(customers, eq(customers.id, records.customerId))
    .leftJoin(deviceOwners, eq(deviceOwners.id, records.deviceOwnerId))
    .where(and(anyOf(records.id, ids), viewer.recordScope()))
  return new Map(
    rows.map((row) => {
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
      const detail: RecordDetail = {
        ...toListItem(listed),
        data,
        fileName,
        layoutVersion,
        parameters,
        deviceOwnerId,
        deviceOwnerName,
        productId,
        testEquipmentId,
        createdAt: createdAt.toISOString(),
        testEquipment: used.map((e) => e.id),
        testEquipmentUsed: used.flatMap((e) => (e.snapshot ? [e.snapshot] : [])),
      }
      return [row.recordId, detail]
    }),
  )
}
