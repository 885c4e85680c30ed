import { and, eq, sql } from 'drizzle-orm'
import type { AuditActor } from '../audit/write'
import type { Db } from '../db/client'
import { impactCaseRecords } from '../db/schema/index'
import { chunks, rowsOf } from '../submissions/write/sql-batch'
import { auditedCaseChange } from './case-writes'

/** The review states in which a record counts (docs/decisions.md "Review and approval": none, approved). */
const COUNTING = sql`('none','approved')`

/**
 * Whether record `n` clears the retest `icr` of suspect record `s` (issue #15.3, D1/D2 of audit s7): `n`
 * counts (review state none or approved), is of the retest's record type, is another record dated on or
 * after the suspect one, is not itself suspect (in any case), and is of the same product — or, for a
 * suspect record without a product (a calibration of another device), a calibration of the same device.
 * Every term is a definite boolean, so `NOT (…)` is exact.
 */
const CLEARS = sql`(n.record_type_id = icr.record_type_id
  AND n.id <> icr.record_id
  AND n.record_date >= s.record_date
  AND n.review_state IN ${COUNTING}
  AND CASE WHEN icr.product_id IS NOT NULL THEN n.product_id IS NOT DISTINCT FROM icr.product_id
    ELSE n.product_id IS NULL AND s.test_equipment_id IS NOT NULL
      AND n.test_equipment_id IS NOT DISTINCT FROM s.test_equipment_id END
  AND NOT EXISTS (SELECT 1 FROM ${impactCaseRecords} j WHERE j.record_id = n.id))`

/** When record `n` began to count: its approval, or its storing when it never needed a review. */
const COUNTS_SINCE = sql`CASE WHEN n.review_state = 'approved'
  THEN COALESCE(n.review_changed_at, n.created_at) ELSE n.created_at END`

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )

/** One retest's new clearing record (null: waiting again). */
interface Clearing {
  caseId: number
  recordId: number
  by: number | null
}

/**
 * Clearing retests (issue #15.3) by records that count for the product summary (issue #19), set-based
 * and in the caller's transaction: a record clears a pending retest when it starts to count (stored in
 * review state none, or approved), and a retest cleared by a record that stops qualifying (amended in
 * place back to review, moved to another product or date) waits again — or is cleared by another record
 * that counted since the retest was decided. Every change is audited on its case.
 */
export class RetestClearing {
  constructor(
    private readonly db: Db,
    private readonly who: () => Promise<AuditActor>,
  ) {}

  /** Pending retests cleared by records among `recordIds` that count now (new, or just approved). */
  async clearBy(recordIds: readonly number[]): Promise<void> {
    if (recordIds.length === 0) return
    // Most writes meet no pending retest at all: one probe of the partial retest index.
    const [pending] = rowsOf<unknown>(
      await this.db.execute(sql`SELECT 1 FROM ${impactCaseRecords} icr
        WHERE icr.disposition = 'retest' AND icr.retest_cleared_at IS NULL LIMIT 1`),
    )
    if (!pending) return
    for (const part of chunks(recordIds)) {
      // Driven by the written records, each finding its retests in the partial retest index: by its
      // product, or (a record without one) among the product-less retests of its record type.
      const ids = idList(part)
      const rows = rowsOf<{ case_id: number; record_id: number; by: number }>(
        await this.db.execute(sql`SELECT DISTINCT ON (m.case_id, m.record_id) m.case_id, m.record_id, m.by
          FROM (
            SELECT icr.case_id, icr.record_id, n.id AS by
            FROM records n
            JOIN ${impactCaseRecords} icr ON icr.product_id = n.product_id
              AND icr.record_type_id = n.record_type_id
              AND icr.disposition = 'retest' AND icr.retest_cleared_at IS NULL
            JOIN records s ON s.id = icr.record_id
            WHERE n.id IN (${ids}) AND ${CLEARS}
            UNION ALL
            SELECT icr.case_id, icr.record_id, n.id AS by
            FROM records n
            JOIN ${impactCaseRecords} icr ON icr.product_id IS NULL
              AND icr.record_type_id = n.record_type_id
              AND icr.disposition = 'retest' AND icr.retest_cleared_at IS NULL
            JOIN records s ON s.id = icr.record_id AND s.test_equipment_id = n.test_equipment_id
            WHERE n.id IN (${ids}) AND n.product_id IS NULL AND ${CLEARS}
          ) m
          ORDER BY m.case_id, m.record_id, m.by`),
      )
      await this.apply(
        rows.map((r) => ({ caseId: Number(r.case_id), recordId: Number(r.record_id), by: Number(r.by) })),
      )
    }
  }

  /**
   * Retests cleared by records among `recordIds` that no longer clear them (the record went back to
   * review or was rejected, or an edit moved it): each is cleared by the first other record that clears
   * it and counted since the retest was decided, or waits again.
   */
  async recheck(recordIds: readonly number[]): Promise<void> {
    for (const part of chunks(recordIds)) {
      const stale = rowsOf<{ case_id: number; record_id: number }>(
        await this.db.execute(sql`SELECT icr.case_id, icr.record_id
          FROM ${impactCaseRecords} icr
          JOIN records s ON s.id = icr.record_id
          JOIN records n ON n.id = icr.retest_cleared_by
          WHERE icr.retest_cleared_by IN (${idList(part)}) AND icr.disposition = 'retest'
            AND NOT ${CLEARS}`),
      )
      if (stale.length === 0) continue
      const keys = sql.join(
        stale.map((r) => sql`(${Number(r.case_id)}::int, ${Number(r.record_id)}::int)`),
        sql`, `,
      )
      const next = rowsOf<{ case_id: number; record_id: number; by: number }>(
        await this.db.execute(sql`SELECT DISTINCT ON (icr.case_id, icr.record_id)
            icr.case_id, icr.record_id, n.id AS by
          FROM ${impactCaseRecords} icr
          JOIN records s ON s.id = icr.record_id
          JOIN records n ON n.record_type_id = icr.record_type_id AND ${CLEARS}
          WHERE (icr.case_id, icr.record_id) IN (${keys})
            AND ${COUNTS_SINCE} >= icr.decided_at
          ORDER BY icr.case_id, icr.record_id, ${COUNTS_SINCE}, n.id`),
      )
      const by = new Map(next.map((r) => [`${r.case_id}:${r.record_id}`, Number(r.by)]))
      await this.apply(
        stale.map((r) => ({
          caseId: Number(r.case_id),
          recordId: Number(r.record_id),
          by: by.get(`${r.case_id}:${r.record_id}`) ?? null,
        })),
      )
    }
  }

  /** Stores the clearings, one audited change per case. */
  private async apply(clearings: readonly Clearing[]): Promise<void> {
    const byCase = new Map<number, Clearing[]>()
    for (const c of clearings) byCase.set(c.caseId, [...(byCase.get(c.caseId) ?? []), c])
    for (const [caseId, list] of byCase)
      await auditedCaseChange(this.db, await this.who(), caseId, async () => {
        const now = new Date()
        for (const { recordId, by } of list)
          await this.db
            .update(impactCaseRecords)
            .set({ retestClearedBy: by, retestClearedAt: by === null ? null : now })
            .where(and(eq(impactCaseRecords.caseId, caseId), eq(impactCaseRecords.recordId, recordId)))
        return { caseId, result: undefined }
      })
  }
}
