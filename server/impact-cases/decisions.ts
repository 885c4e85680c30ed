import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  IMPACT_MESSAGES,
  mayDecideImpact,
  type DispositionRequest,
  type ImpactCase,
} from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { impactCaseRecords, impactCases } from '../db/schema/index'
import { badRequest, conflict, forbidden } from '../http-error'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { ImpactCasesRepository } from './cases'
import { chunks } from '../submissions/write/sql-batch'
import { usedAfterExpiry } from './usage'

/**
 * First key of the two-key transaction-level advisory lock that queues the opening of a lapsed case per
 * device (second key: the device id), beside the audit locks (725_604_2xx) and the upload lock
 * (725_604_140); two-key and one-key locks never conflict.
 */
const LAPSED_LOCK_SPACE = 725_604_150

/** Refuses (403) anyone but a configurator or admin, before anything is read. */
export function assertMayDecide(who: Viewer): void {
  if (!mayDecideImpact(who.view)) throw forbidden(IMPACT_MESSAGES.forbidden)
}

/**
 * What a configurator or admin does with an impact case (issue #15.3), each in the audited request's
 * transaction (server/audit: the case's view before and after): decide on suspect records, close the
 * case once none is undecided, and open a case by hand for a device used after its calibration expired.
 * Who and when are the server's; other roles are refused with 403 here as well as at the route.
 */
export class ImpactDecisions {
  private readonly cases: ImpactCasesRepository

  constructor(private readonly db: Db) {
    this.cases = new ImpactCasesRepository(db)
  }

  /** The case, refused with 409 when it is closed. */
  private async openCase(id: number): Promise<ImpactCase> {
    const found = await this.cases.get(id)
    if (found.status === 'closed') throw conflict(IMPACT_MESSAGES.closed(id))
    return found
  }

  /**
   * Gives one disposition to records of the case: accept needs a reason; every record must be one of the
   * case's (400 naming the first that is not, nothing changed). Deciding again replaces the decision and
   * forgets any clearing record: a new 'retest' or 'recall' waits for a new record again
   * (retest-clearing.ts).
   */
  async decide(caseId: number, request: DispositionRequest, who: Viewer): Promise<ImpactCase> {
    assertMayDecide(who)
    await this.openCase(caseId)
    const reason = request.reason?.trim() || null
    if (request.disposition === 'accept' && !reason) throw badRequest(IMPACT_MESSAGES.reasonRequired)
    const ids = [...new Set(request.recordIds)]
    const held = new Set<number>()
    for (const part of chunks(ids)) {
      const rows = await this.db
        .select({ id: impactCaseRecords.recordId })
        .from(impactCaseRecords)
        .where(and(eq(impactCaseRecords.caseId, caseId), inArray(impactCaseRecords.recordId, part)))
      for (const r of rows) held.add(r.id)
    }
    const outside = ids.find((id) => !held.has(id))
    if (outside !== undefined) throw badRequest(IMPACT_MESSAGES.recordNotInCase(outside, caseId))
    const now = new Date()
    for (const part of chunks(ids))
      await this.db
        .update(impactCaseRecords)
        .set({
          disposition: request.disposition,
          reason,
          decidedAt: now,
          decidedBy: who.id || null,
          decidedByName: who.username,
          retestClearedBy: null,
          retestClearedAt: null,
        })
        .where(and(eq(impactCaseRecords.caseId, caseId), inArray(impactCaseRecords.recordId, part)))
    return this.cases.get(caseId)
  }

  /** Closes the case; refused (409) while any record has no disposition, or when it is closed already. */
  async close(caseId: number, who: Viewer): Promise<ImpactCase> {
    assertMayDecide(who)
    // The case row FOR UPDATE, before its state is read: it conflicts with the KEY SHARE lock a submission
    // adding a record to the case takes (the foreign key), so a record joining uncommitted is counted once
    // it commits (409), and one joining after the close waits for it and opens the case again (assessment.ts).
    await this.db
      .select({ id: impactCases.id })
      .from(impactCases)
      .where(eq(impactCases.id, caseId))
      .for('update')
    const found = await this.cases.get(caseId)
    if (found.status === 'closed') throw conflict(IMPACT_MESSAGES.alreadyClosed(caseId))
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(impactCaseRecords)
      .where(and(eq(impactCaseRecords.caseId, caseId), isNull(impactCaseRecords.disposition)))
    if (Number(n) > 0) throw conflict(IMPACT_MESSAGES.undecided(caseId, Number(n)))
    await this.db
      .update(impactCases)
      .set({ status: 'closed', closedAt: new Date(), closedBy: who.id || null, closedByName: who.username })
      .where(eq(impactCases.id, caseId))
    return this.cases.get(caseId)
  }

  /**
   * Opens a case for a device whose calibration lapsed while it kept being used: its records used after
   * expiry, undecided. One such case open per device at a time; none when there is nothing to assess.
   */
  async openLapsed(deviceId: number, who: Viewer): Promise<ImpactCase> {
    assertMayDecide(who)
    // One opening per device at a time (a create: the audit wrapper takes no lock, so this is the
    // transaction's first lock): a second waits here and then finds the first's case open (409).
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(${LAPSED_LOCK_SPACE}::int, ${deviceId}::int)`)
    const device = await new TestEquipmentRepository(this.db).get(deviceId)
    const serial = device.serialNumber.full
    const [open] = await this.db
      .select({ id: impactCases.id })
      .from(impactCases)
      .where(
        and(
          eq(impactCases.testEquipmentId, deviceId),
          eq(impactCases.kind, 'lapsed'),
          eq(impactCases.status, 'open'),
        ),
      )
    if (open) throw conflict(IMPACT_MESSAGES.lapsedOpen(serial, open.id))
    const ids = await usedAfterExpiry(this.db, deviceId, who)
    if (ids.length === 0) throw badRequest(IMPACT_MESSAGES.lapsedNone(serial))
    const [row] = await this.db
      .insert(impactCases)
      .values({
        kind: 'lapsed',
        testEquipmentId: deviceId,
        openedBy: who.id || null,
        openedByName: who.username,
      })
      .returning({ id: impactCases.id })
    for (const part of chunks(ids))
      await this.db
        .execute(sql`INSERT INTO ${impactCaseRecords} (case_id, record_id, product_id, record_type_id)
        SELECT ${row.id}::int, r.id, r.product_id, r.record_type_id FROM records r
        WHERE r.id IN (${sql.join(
          part.map((id) => sql`${id}::int`),
          sql`, `,
        )})`)
    return this.cases.get(row.id)
  }
}
