import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * Paging calls count matching rows exactly up to this many (DESIGN.md §8, docs/performance.md). An exact
 * count(*) reads every matching row: over 1,000,000 records that is 100–300 ms on this hardware, several
 * times the whole page budget (50 ms), while the grid's pager only needs to know the pages around the one
 * it shows.
 */
export const COUNT_LIMIT = 10_000

/**
 * The most rows a page call counts: COUNT_LIMIT, or the end of the asked page when that is deeper, plus
 * one. A count below this is exact; a count equal to it means "at least this many" — more than
 * `max(COUNT_LIMIT, page × size)` rows match — so the pager always offers the next page while there is one,
 * and `totalPages` grows as the user pages on.
 */
export function countHorizon(offset: number, size: number): number {
  return Math.max(COUNT_LIMIT, offset + size) + 1
}

/** A select of the matching rows' keys, with its conditions, that the count may `.limit()`. */
interface Limitable {
  limit(n: number): { as(alias: string): Parameters<ReturnType<Db['select']>['from']>[0] }
}

/**
 * `SELECT count(*) FROM (<rows> LIMIT horizon)`: stops reading after `horizon` rows, so the count costs at
 * most as much as reading the page itself (an index-only range scan when the indexes fit the filter).
 */
export async function cappedCount(db: Db, rows: Limitable, horizon: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(rows.limit(horizon).as('capped'))
  return Number(n)
}
