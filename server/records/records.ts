import { eq } from 'drizzle-orm'
import {
  RECORD_MESSAGES,
  type RecordDetail,
  type RecordListItem,
  type RecordsFilter,
} from '../../schemas/records/index'
import { notFound } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { records } from '../db/schema/index'
import { countHorizon } from '../../schemas/paging'
import { cappedCount } from '../db/page-count'
import { recordConditions } from './records-filter'
import { recordDetails } from './record-details'
import { recordJoinsOf, recordKeySelect, recordListSelect, recordOrder, toListItem } from './records-query'

/** Records as the {data} host reads them: pages of list items and one record with its data. */
export class RecordsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page (pages count from 1) with totalCount and totalPages (SPEC §3 "Page response"). The page's
   * record ids are found first on `records` alone (an index range scan, index-only for deep pages), then
   * only those rows are joined with their names. totalCount is exact up to
   * `countHorizon` (see page-count.ts); beyond it, it is that horizon, meaning "at least".
   */
  async page(
    filter: RecordsFilter,
    page: number,
    size: number,
    viewer: Viewer,
  ): Promise<{ totalCount: number; totalPages: number; result: RecordListItem[] }> {
    const where = recordConditions(filter, viewer)
    const order = recordOrder(filter)
    const offset = (page - 1) * size
    const pageIds = recordKeySelect(this.db, recordJoinsOf(filter, true))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(offset)
      .as('page_ids')
    const rows = await recordListSelect(this.db)
      .innerJoin(pageIds, eq(pageIds.id, records.id))
      .orderBy(...order)
    const totalCount = await cappedCount(
      this.db,
      recordKeySelect(this.db, recordJoinsOf(filter, false)).where(where),
      countHorizon(offset, size),
    )
    return { totalCount, totalPages: Math.ceil(totalCount / size), result: rows.map(toListItem) }
  }

  /** How many records match `filter` in the viewer's scope, counting no further than `upTo`. */
  count(filter: RecordsFilter, viewer: Viewer, upTo: number): Promise<number> {
    const where = recordConditions(filter, viewer)
    return cappedCount(this.db, recordKeySelect(this.db, recordJoinsOf(filter, false)).where(where), upTo)
  }

  /** One record with its data, or 404 when it does not exist or lies outside the viewer's scope. */
  async get(id: number, viewer: Viewer): Promise<RecordDetail> {
    const found = (await recordDetails(this.db, [id], viewer)).get(id)
    if (!found) throw notFound(RECORD_MESSAGES.recordNotFound(id))
    return found
  }
}
