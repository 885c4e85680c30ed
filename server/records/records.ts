import {
  RECORD_MESSAGES,
  type RecordDetail,
  type RecordListItem,
  type RecordsFilter,
  type RecordView,
} from '../../schemas/records/index'
import { shortPageTotal } from '../../schemas/paging'
import { notFound } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { rowsOf } from '../submissions/write/sql-batch'
import { recordDetails, recordView } from './record-details'
import { recordCountSql, recordPageSql } from './records-page-sql'

/** Records as the {data} host reads them: pages of list items and one record with its data. */
export class RecordsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page (pages count from 1) with totalCount and totalPages (SPEC §3 "Page response"). The page's
   * record ids are found first on `records` alone (an index range scan, index-only for deep pages), then
   * only those rows are joined with their names (records-page-sql.ts). totalCount is exact up to
   * `countHorizon` (see page-count.ts); beyond it, it is that horizon, meaning "at least". A page with
   * fewer rows than `size` (and any row, or the first) is the last one, so no count is read for it.
   */
  async page(
    filter: RecordsFilter,
    page: number,
    size: number,
    viewer: Viewer,
  ): Promise<{ totalCount: number; totalPages: number; result: RecordListItem[] }> {
    const statements = recordPageSql(filter, viewer, page, size)
    const result = rowsOf<RecordListItem>(await this.db.execute(statements.rows))
    // A short page says the total itself (a serial's few records, the last page): no count round trip.
    const totalCount =
      shortPageTotal(page, size, result.length) ??
      Number(rowsOf<{ n: number }>(await this.db.execute(statements.count))[0].n)
    return { totalCount, totalPages: Math.ceil(totalCount / size), result }
  }

  /** How many records match `filter` in the viewer's scope, counting no further than `upTo`. */
  async count(filter: RecordsFilter, viewer: Viewer, upTo: number): Promise<number> {
    const [{ n }] = rowsOf<{ n: number }>(await this.db.execute(recordCountSql(filter, viewer, upTo)))
    return Number(n)
  }

  /** One record with its data, or 404 when it does not exist or lies outside the viewer's scope. */
  async get(id: number, viewer: Viewer): Promise<RecordDetail> {
    const found = (await recordDetails(this.db, [id], viewer)).get(id)
    if (!found) throw notFound(RECORD_MESSAGES.recordNotFound(id))
    return found
  }

  /**
   * One record as its page shows it (GET Record/{id}): `get`'s detail with the impact cases it is
   * suspect in and a calibration's outcome, in the same one statement; 404 as `get`. Only the route
   * reads it: the audit trail keeps `get`'s detail, which these would change behind the record's back.
   */
  async view(id: number, viewer: Viewer): Promise<RecordView> {
    const found = await recordView(this.db, id, viewer)
    if (!found) throw notFound(RECORD_MESSAGES.recordNotFound(id))
    return found
  }
}
