import { and, eq, sql } from 'drizzle-orm'
import type { AuditActor } from '../audit/write'
import type { Db } from '../db/client'
import { impactCaseRecords } from '../db/schema/index'
import { chunks, rowsOf } from '../submissions/write/sql-batch'
import { auditedCaseChange } from './case-writes'

/** The review states in which a record counts (docs/decisions.md "Review and approval": none, approved). */
const COUNTING = sql`('none','approved')`

/**
 * The dispositions a new record clears (issue #15.3): a retest ('Retest required' on /Products) and a
 * recall ('Recalled'), by the same rule. Written as the partial index `impact_case_records_retest_idx`
 * writes its predicate, so every probe below is answered by it.
 */
const CLEARABLE = sql`('retest','recall')`

/**
 * Whether record `n` clears the retest or recall `icr` of suspect record `s` (issue #15.3, D1/D2 of audit
 * s7): `n` counts (review state none or approved), is of the suspect record's record type, is another
 * record dated on or after the suspect one, is not itself suspect (in any case), and is of the same
 * product — or, for a suspect record without a product (a calibration of another device), a calibration
 * of the same device.
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

/** One retest's or recall's new clearing record (null: waiting again). */
interface Clearing {
  caseId: number
  recordId: number
  by: number | null
}

/**
 * Clearing retests and recalls (issue #15.3) by records that count for the product summary (issue #19),
 * set-based and in the caller's transaction: a record clears a pending retest or recall when it starts to
 * count (stored in review state none, or approved), and one cleared by a record that stops qualifying
 * (amended in place back to review, moved to another product or date) waits again — or is cleared by
 * another record that counted since it was decided. Both dispositions follow one rule (docs/decisions.md);
 * the class, the `retest_cleared_*` columns and the comments below keep the retest's name for either.
 * Every change is audited on its case.
 */
export class RetestClearing {
  constructor(
    private readonly db: Db,
    private readonly who: () => Promise<AuditActor>,
  ) {}

  /** Pending retests and recalls cleared by records among `recordIds` that count now (new, or approved). */
  async clearBy(recordIds: readonly number[]): Promise<void> {
    if (recordIds.length === 0) return
    // Most writes meet no pending retest or recall at all: one probe of the partial retest index.
    const [pending] = rowsOf<unknown>(
      await this.db.execute(sql`SELECT 1 FROM ${impactCaseRecords} icr
        WHERE icr.disposition IN ${CLEARABLE} AND icr.retest_cleared_at IS NULL LIMIT 1`),
    )
    if (!pending) return
    for (const part of chunks(recordIds)) {
      // Driven by the written records, each finding its retests and recalls in the partial retest index:
      // by its product, or (a record without one) among the product-less ones of its record type.
      const ids = idList(part)
      const rows = rowsOf<{ case_id: number; record_id: number; by: number }>(
        await this.db.execute(sql`SELECT DISTINCT ON (m.case_id, m.record_id) m.case_id, m.record_id, m.by
          FROM (
            SELECT icr.case_id, icr.record_id, n.id AS by
            FROM records n
            JOIN ${impactCaseRecords} icr ON icr.product_id = n.product_id
              AND icr.record_type_id = n.record_type_id
              AND icr.disposition IN ${CLEARABLE} AND icr.retest_cleared_at IS NULL
            JOIN records s ON s.id = icr.record_id
            WHERE n.id IN (${ids}) AND ${CLEARS}
            UNION ALL
            SELECT icr.case_id, icr.record_id, n.id AS by
            FROM records n
            JOIN ${impactCaseRecords} icr ON icr.product_id IS NULL
              AND icr.record_type_id = n.record_type_id
              AND icr.disposition IN ${CLEARABLE} AND icr.retest_cleared_at IS NULL
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
          WHERE icr.retest_cleared_by IN (${idList(part)}) AND icr.disposition IN ${CLEARABLE}
            AND NOT ${CLEARS}`),
      )
      const keys = stale.map((r) => ({ caseId: Number(r.case_id), recordId: Number(r.record_id) }))
      const by = await this.next(keys)
      await this.apply(keys.map((k) => ({ ...k, by: by.get(`${k.caseId}:${k.recordId}`) ?? null })))
    }
  }

  /**
   * Suspect records among `recordIds` edited in place (a Problem Report `PUT`): their rows in the cases
   * follow the record's product (and record type), so the retest flags the product the record belongs to
   * now; then each retest of theirs is settled again against the record's product and date — kept when
   * its clearing record still clears it, otherwise cleared by the first record that clears it and
   * counted since the retest was decided, or waiting.
   */
  async follow(recordIds: readonly number[]): Promise<void> {
    for (const part of chunks(recordIds)) {
      const ids = idList(part)
      // Rarely anything to move: one probe of the record index, then only rows that differ are written.
      await this.db.execute(sql`UPDATE ${impactCaseRecords} icr
        SET product_id = r.product_id, record_type_id = r.record_type_id
        FROM records r
        WHERE r.id = icr.record_id AND icr.record_id IN (${ids})
          AND (icr.product_id IS DISTINCT FROM r.product_id OR icr.record_type_id <> r.record_type_id)`)
      // Waiting retests, and those whose clearing record no longer clears them.
      const unsettled = rowsOf<{ case_id: number; record_id: number; waiting: boolean }>(
        await this.db.execute(sql`SELECT icr.case_id, icr.record_id,
            icr.retest_cleared_at IS NULL AS waiting
          FROM ${impactCaseRecords} icr
          JOIN records s ON s.id = icr.record_id
          LEFT JOIN records n ON n.id = icr.retest_cleared_by
          WHERE icr.record_id IN (${ids}) AND icr.disposition IN ${CLEARABLE}
            AND (icr.retest_cleared_at IS NULL OR (n.id IS NOT NULL AND NOT ${CLEARS}))`),
      )
      const keys = unsettled.map((r) => ({ caseId: Number(r.case_id), recordId: Number(r.record_id) }))
      const by = await this.next(keys)
      await this.apply(
        unsettled.flatMap((r, i) => {
          const found = by.get(`${keys[i].caseId}:${keys[i].recordId}`) ?? null
          // A retest still waiting with nothing to clear it is left as it is.
          return found === null && r.waiting ? [] : [{ ...keys[i], by: found }]
        }),
      )
    }
  }

  /**
   * The first record that clears each of the retests `keys` and counted since the retest was decided
   * (ordered by when it began to count, then by id), by `case:record`. Split as `clearBy` is, so each
   * branch finds its records by index: a product's by `records_product_idx` (product, date), a
   * product-less calibration's by the device it calibrated (`records_test_equipment_idx`).
   */
  private async next(keys: readonly { caseId: number; recordId: number }[]): Promise<Map<string, number>> {
    const found = new Map<string, number>()
    if (keys.length === 0) return found
    const list = sql.join(
      keys.map((k) => sql`(${k.caseId}::int, ${k.recordId}::int)`),
      sql`, `,
    )
    const rows = rowsOf<{ case_id: number; record_id: number; by: number }>(
      await this.db.execute(sql`SELECT DISTINCT ON (m.case_id, m.record_id) m.case_id, m.record_id, m.by
        FROM (
          SELECT icr.case_id, icr.record_id, n.id AS by, ${COUNTS_SINCE} AS since
          FROM ${impactCaseRecords} icr
          JOIN records s ON s.id = icr.record_id
          JOIN records n ON n.product_id = icr.product_id AND n.record_date >= s.record_date
            AND n.record_type_id = icr.record_type_id
          WHERE (icr.case_id, icr.record_id) IN (${list}) AND ${CLEARS}
            AND ${COUNTS_SINCE} >= icr.decided_at
          UNION ALL
          SELECT icr.case_id, icr.record_id, n.id AS by, ${COUNTS_SINCE} AS since
          FROM ${impactCaseRecords} icr
          JOIN records s ON s.id = icr.record_id
          JOIN records n ON n.test_equipment_id = s.test_equipment_id AND n.product_id IS NULL
            AND n.record_type_id = icr.record_type_id
          WHERE (icr.case_id, icr.record_id) IN (${list}) AND icr.product_id IS NULL AND ${CLEARS}
            AND ${COUNTS_SINCE} >= icr.decided_at
        ) m
        ORDER BY m.case_id, m.record_id, m.since, m.by`),
    )
    for (const r of rows) found.set(`${r.case_id}:${r.record_id}`, Number(r.by))
    return found
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
