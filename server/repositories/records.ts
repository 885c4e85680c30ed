import { and, eq, sql } from 'drizzle-orm'
import {
  RECORD_MESSAGES,
  type RecordDetail,
  type RecordListItem,
  type RecordsFilter,
} from '../../schemas/records/index'
import { notFound } from '../http-error'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModels,
  customers,
  dataPointTypes,
  deviceOwners,
  recordTestEquipment,
  records,
} from '../db/schema/index'
import {
  recordConditions,
  recordListSelect,
  recordOrder,
  scopeConditions,
  toListItem,
  type RecordViewer,
} from './records-query'

/** Records as the {data} host reads them: pages of list items and one record with its data. */
export class RecordsRepository {
  constructor(private readonly db: Db) {}

  /** One page (pages count from 1) with totalCount and totalPages (SPEC §3 "Page response"). */
  async page(
    filter: RecordsFilter,
    page: number,
    size: number,
    viewer: RecordViewer,
  ): Promise<{ totalCount: number; totalPages: number; result: RecordListItem[] }> {
    const where = recordConditions(filter, viewer)
    const rows = await recordListSelect(this.db)
      .where(where)
      .orderBy(...recordOrder(filter))
      .limit(size)
      .offset((page - 1) * size)
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(records)
      .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
      .leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
      .leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
      .leftJoin(customers, eq(customers.id, records.customerId))
      .where(where)
    const totalCount = Number(n)
    return { totalCount, totalPages: Math.ceil(totalCount / size), result: rows.map(toListItem) }
  }

  /** One record with its data, or 404 when it does not exist or lies outside the viewer's scope. */
  async get(id: number, viewer: RecordViewer): Promise<RecordDetail> {
    const [row] = await recordListSelect(this.db).where(and(eq(records.id, id), scopeConditions(viewer)))
    if (!row) throw notFound(RECORD_MESSAGES.recordNotFound(id))
    const [extra] = await this.db
      .select({
        data: records.data,
        fileName: records.fileName,
        layoutVersion: records.layoutVersion,
        deviceOwnerId: records.deviceOwnerId,
        deviceOwnerName: deviceOwners.name,
        productId: records.productId,
        testEquipmentId: records.testEquipmentId,
        createdAt: records.createdAt,
      })
      .from(records)
      .leftJoin(deviceOwners, eq(deviceOwners.id, records.deviceOwnerId))
      .where(eq(records.id, id))
    const equipment = await this.db
      .select({ id: recordTestEquipment.testEquipmentId })
      .from(recordTestEquipment)
      .where(eq(recordTestEquipment.recordId, id))
    return {
      ...toListItem(row),
      ...extra,
      createdAt: extra.createdAt.toISOString(),
      testEquipment: equipment.map((e) => e.id),
    }
  }
}
