import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm'
import { anywhere } from '../db/contains'
import { HISTORY_LIMIT, type AuditEntry, type AuditFilter } from '../../schemas/audit'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema/index'
import { countHorizon } from '../../schemas/paging'
import { cappedCount } from '../db/page-count'
import { readDate } from '../submissions/values'

type Row = typeof auditLog.$inferSelect

const toEntry = (row: Row): AuditEntry => ({
  ...row,
  at: row.at.toISOString(),
  action: row.action as AuditEntry['action'],
  before: row.before as AuditEntry['before'],
  after: row.after as AuditEntry['after'],
})

/** A filter date: an ISO date (the whole day at `to`) or date-time; anything else is a 400. */
function dateBound(text: string | null | undefined, name: 'from' | 'to'): Date | undefined {
  if (!text || !text.trim()) return undefined
  // Read as every other date filter reads it (a real calendar date: 2026-02-31 and '1' are refused).
  const { date, timed } = readDate(text, name)
  // The end of a day is the last millisecond before the next day starts.
  return !timed && name === 'to' ? new Date(date.getTime() + 86_400_000 - 1) : date
}

/** `%`, `_` and `\` in a user's search text match themselves. */

/** Reads of the audit trail: the Audit page's pages and an entity's history. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** One page (from 1) of rows matching the filter, newest first unless sortDirection is asc. */
  async page(filter: AuditFilter, page: number, size: number) {
    const conditions: (SQL | undefined)[] = [
      filter.user ? ilike(auditLog.userName, anywhere(filter.user.trim())) : undefined,
      filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entityId ? eq(auditLog.entityId, filter.entityId.trim()) : undefined,
      filter.action ? eq(auditLog.action, filter.action) : undefined,
    ]
    const from = dateBound(filter.from, 'from')
    const to = dateBound(filter.to, 'to')
    if (from) conditions.push(gte(auditLog.at, from))
    if (to) conditions.push(lte(auditLog.at, to))
    const where = and(...conditions)
    const order =
      filter.sortDirection === 'asc'
        ? [asc(auditLog.at), asc(auditLog.id)]
        : [desc(auditLog.at), desc(auditLog.id)]
    const offset = (page - 1) * size
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(offset)
    const totalCount = await cappedCount(
      this.db,
      this.db.select({ id: auditLog.id }).from(auditLog).where(where),
      countHorizon(offset, size),
    )
    return { totalCount, totalPages: Math.ceil(totalCount / size), result: rows.map(toEntry) }
  }

  /** Every row of the given entities, oldest first (a history panel lists them in order). */
  async history(entity: string, ids: readonly string[]): Promise<AuditEntry[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), inArray(auditLog.entityId, [...ids])))
      // The newest HISTORY_LIMIT, answered oldest first as always: the latest change is what people look for.
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(HISTORY_LIMIT)
    return rows.reverse().map(toEntry)
  }

  /**
   * The records linked to `id` by revisions (a /DataEntry edit stores a new record that revises the old
   * one), in both directions and transitively, `id` included.
   */
  async revisionFamily(id: string): Promise<string[]> {
    const family = new Set([id])
    let frontier = [id]
    // A chain of re-entries is short; the bound keeps a pathological chain from looping long.
    for (let step = 0; step < 50 && frontier.length > 0; step++) {
      const rows = await this.db
        .select({ entityId: auditLog.entityId, revisionOf: auditLog.revisionOf })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'record'),
            eq(auditLog.action, 'create'),
            or(inArray(auditLog.entityId, frontier), inArray(auditLog.revisionOf, frontier)),
          ),
        )
      const next: string[] = []
      for (const row of rows)
        for (const linked of [row.entityId, row.revisionOf])
          if (linked && !family.has(linked)) {
            family.add(linked)
            next.push(linked)
          }
      frontier = next
    }
    return [...family]
  }
}
