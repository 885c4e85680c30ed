import { sql } from 'drizzle-orm'
import type { Db } from './client'

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
