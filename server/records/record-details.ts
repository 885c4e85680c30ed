import { and, eq, inArray, type Column, type SQL } from 'drizzle-orm'
import type { RecordDetail } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { deviceOwners, recordTestEquipment, records } from '../db/schema/index'
import { recordListSelect, toListItem } from './records-query'

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
 * The records of `ids` in the viewer's scope as `RecordsRepository.get` answers one (list item, data,
 * layout revision, parameters, owner, devices and their snapshots), three statements for all of them.
 */
export async function recordDetails(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
): Promise<Map<number, RecordDetail>> {
  const listed = await recordListSelect(db).where(and(anyOf(records.id, ids), viewer.recordScope()))
  const found = listed.map((r) => r.recordId)
  if (!found.length) return new Map()
  const extras = await db
    .select({
      id: records.id,
      data: records.data,
      fileName: records.fileName,
      layoutVersion: records.layoutVersion,
      parameters: records.parameters,
      deviceOwnerId: records.deviceOwnerId,
      deviceOwnerName: deviceOwners.name,
      productId: records.productId,
      testEquipmentId: records.testEquipmentId,
      createdAt: records.createdAt,
    })
    .from(records)
    .leftJoin(deviceOwners, eq(deviceOwners.id, records.deviceOwnerId))
    .where(anyOf(records.id, found))
  const equipment = groupBy(
    await db
      .select({
        recordId: recordTestEquipment.recordId,
        id: recordTestEquipment.testEquipmentId,
        snapshot: recordTestEquipment.snapshot,
      })
      .from(recordTestEquipment)
      .where(anyOf(recordTestEquipment.recordId, found))
      .orderBy(recordTestEquipment.recordId, recordTestEquipment.testEquipmentId),
    (e) => e.recordId,
  )
  const extraOf = new Map(extras.map(({ id, ...extra }) => [id, extra]))
  return new Map(
    listed.map((row) => {
      const extra = extraOf.get(row.recordId)!
      const used = equipment.get(row.recordId) ?? []
      const detail: RecordDetail = {
        ...toListItem(row),
        ...extra,
        createdAt: extra.createdAt.toISOString(),
        testEquipment: used.map((e) => e.id),
        testEquipmentUsed: used.flatMap((e) => (e.snapshot ? [e.snapshot] : [])),
      }
      return [row.recordId, detail]
    }),
  )
}
