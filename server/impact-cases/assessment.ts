import { and, eq, inArray, sql } from 'drizzle-orm'
import { IMPACT_MESSAGES, startOfUtcDay } from '../../schemas/records/index'
import { sqlState } from '../db/errors'
import { conflict } from '../http-error'
import type { AuditActor } from '../audit/write'
import type { Db } from '../db/client'
import { calibrationHistory, impactCaseRecords, impactCases } from '../db/schema/index'
import { chunks, rowsOf } from '../submissions/write/sql-batch'
import { CalibrationHistory, suspectUntil, type CalibrationFacts } from './calibration-history'
import { actorOf, addWindowRecords, auditedCaseChange, reopen } from './case-writes'
import { RetestClearing } from './retest-clearing'

const DAY_MS = 86_400_000
/** How long a failing calibration waits for records still being saved with its device (lockDevice). */
const DEVICE_LOCK_TIMEOUT = '5s'
/** PostgreSQL's lock_not_available: lock_timeout passed. */
const LOCK_NOT_AVAILABLE = '55P03'

/** What the record writer tells the assessment about each record it stored. */
export interface WrittenRecordFacts {
  recordId: number
  recordDate: Date
  /** The devices the record used (its testEquipment controls). */
  testEquipmentIds: readonly number[]
  /** A calibration record's row of the device's history; null for other records. */
  calibration: Omit<CalibrationFacts, 'recordId'> | null
}

/**
 * Impact assessment after records are written (issue #15.3), in the records' own transaction, for a
 * submission, a CSV file and the demo seed alike: calibrations join the device's history; an as-found
 * Fail opens an impact case listing every record that used the device since its last passing
 * calibration; a record dated inside an existing case's window joins that case (reopening it); and a new
 * record that counts (review state none) of the same record type for a product — or, for a suspect
 * calibration of another device, a calibration of that device — clears the pending retest. A review
 * transition settles retests too (`afterReview`). Each case change is audited with the user the records
 * were written (or reviewed) by.
 */
export class ImpactAssessment {
  private readonly history: CalibrationHistory
  private readonly retests: RetestClearing
  private actor: Promise<AuditActor> | undefined

  constructor(
    private readonly db: Db,
    private readonly userId: number | null,
  ) {
    this.history = new CalibrationHistory(db)
    this.retests = new RetestClearing(db, () => this.who())
  }

  private who(): Promise<AuditActor> {
    this.actor ??= actorOf(this.db, this.userId)
    return this.actor
  }

  /**
   * Runs the steps above. `isNew` is false for an edit in place, which clears no retest; a retest the
   * record had cleared is checked again (an amended record back in review, or moved, no longer clears it),
   * and a suspect record's own retests follow its product and are settled again (`RetestClearing.follow`).
   */
  async afterWrite(written: readonly WrittenRecordFacts[], isNew = true): Promise<void> {
    const calibrations = written.flatMap((w) =>
      w.calibration ? [{ recordId: w.recordId, ...w.calibration }] : [],
    )
    if (isNew) await this.history.write(calibrations)
    for (const c of calibrations)
      if (c.asFound === 'fail')
        await this.openFailedCalibration(c.testEquipmentId, c.recordId, c.calibrationDate)
    const joined = await this.joinWindows(written)
    const ids = written.map((w) => w.recordId)
    if (isNew) await this.retests.clearBy(ids.filter((id) => !joined.has(id)))
    else {
      await this.retests.recheck(ids)
      await this.retests.follow(ids)
    }
  }

  /**
   * After a review transition of a record (issue #19): approved, it starts to count and clears the
   * pending retests it matches; reviewed or rejected it does not count, so a retest it cleared (stored
   * before this rule) waits again, or is cleared by another record that counts.
   */
  async afterReview(recordId: number, counts: boolean): Promise<void> {
    if (counts) await this.retests.clearBy([recordId])
    else await this.retests.recheck([recordId])
  }

  /**
   * Opens the case of a calibration that found the device out of tolerance. The device row is locked
   * FOR UPDATE first: that conflicts with the KEY SHARE lock every record using the device takes on it
   * (the foreign key of its equipment link), so a record linked but not committed yet is waited for and
   * then read into the window, and a record linked after this waits for the case to commit and joins it
   * (`joinWindows`). Without it, a record stored while its window's case was being opened joined no case
   * (race h3). Two failing calibrations referencing each other's devices at once can now deadlock; the
   * database fails one (409, send again) instead of leaving a suspect record out of its case. The wait is
   * bounded (DEVICE_LOCK_TIMEOUT): a record upload using the device holds its link until the whole file
   * is written, and the calibration is told so (409) rather than left hanging (audit s10 C3).
   */
  private async openFailedCalibration(deviceId: number, recordId: number, date: Date): Promise<void> {
    await this.lockDevice(deviceId)
    const passing = await this.history.lastPassingBefore(deviceId, recordId, date)
    const start = passing ? startOfUtcDay(passing.calibrationDate) : null
    const end = startOfUtcDay(date)
    const actor = await this.who()
    await auditedCaseChange(this.db, actor, null, async () => {
      const [row] = await this.db
        .insert(impactCases)
        .values({
          kind: 'failedCalibration',
          testEquipmentId: deviceId,
          calibrationRecordId: recordId,
          lastPassingRecordId: passing?.recordId ?? null,
          windowStart: start,
          windowEnd: end,
          openedBy: actor.id ?? null,
          openedByName: actor.username,
        })
        .returning({ id: impactCases.id })
      await addWindowRecords(this.db, row.id, deviceId, start, end)
      return { caseId: row.id, result: undefined }
    })
  }

  /** The device row FOR UPDATE, waiting at most DEVICE_LOCK_TIMEOUT; its own lock_timeout is restored. */
  private async lockDevice(deviceId: number): Promise<void> {
    const [{ previous }] = rowsOf<{ previous: string }>(
      await this.db.execute(
        sql`SELECT current_setting('lock_timeout') AS previous, set_config('lock_timeout', ${DEVICE_LOCK_TIMEOUT}, true)`,
      ),
    )
    try {
      await this.db.execute(sql`SELECT 1 FROM test_equipment WHERE id = ${deviceId} FOR UPDATE`)
    } catch (error) {
      if (sqlState(error) === LOCK_NOT_AVAILABLE) throw conflict(IMPACT_MESSAGES.deviceBusy)
      throw error
    }
    await this.db.execute(sql`SELECT set_config('lock_timeout', ${previous}, true)`)
  }

  /**
   * Records dated inside the window of a failed-calibration case of a device they used (entered late, or
   * edited) join that case undecided; a closed case opens again, since it now has a record to decide.
   * Answers the records that joined a case.
   */
  private async joinWindows(written: readonly WrittenRecordFacts[]): Promise<Set<number>> {
    const joined = new Set<number>()
    const devices = [...new Set(written.flatMap((w) => w.testEquipmentIds))]
    if (devices.length === 0) return joined
    // The five columns the window check uses, not the case's whole row (issue #17.1: each selected
    // column costs drizzle's rendering on every submission that names a device).
    const cases = await this.db
      .select({
        c: {
          id: impactCases.id,
          status: impactCases.status,
          testEquipmentId: impactCases.testEquipmentId,
          windowStart: impactCases.windowStart,
          windowEnd: impactCases.windowEnd,
        },
        asLeft: calibrationHistory.asLeft,
      })
      .from(impactCases)
      .leftJoin(calibrationHistory, eq(calibrationHistory.recordId, impactCases.calibrationRecordId))
      .where(and(eq(impactCases.kind, 'failedCalibration'), inArray(impactCases.testEquipmentId, devices)))
    for (const { c, asLeft } of cases) {
      const until = suspectUntil(c.windowEnd, asLeft)
      const inWindow = written.filter(
        (w) =>
          w.testEquipmentIds.includes(c.testEquipmentId) &&
          w.calibration?.testEquipmentId !== c.testEquipmentId &&
          (!c.windowStart || w.recordDate >= c.windowStart) &&
          (!until || w.recordDate.getTime() < until.getTime() + DAY_MS),
      )
      if (inWindow.length === 0) continue
      const ids = inWindow.map((w) => w.recordId)
      await auditedCaseChange(this.db, await this.who(), c.id, async () => {
        const added = await this.addRecords(c.id, ids)
        // Not from `c.status`, read before a concurrent close could commit: that close holds the case row
        // FOR UPDATE, so the insert above waited for it and this statement sees it (decisions.ts `close`).
        if (added.length) await reopen(this.db, c.id)
        return { caseId: c.id, result: undefined }
      })
      for (const id of ids) joined.add(id)
    }
    return joined
  }

  /** Adds records (by id) to a case as undecided; answers those not already in it. */
  private async addRecords(caseId: number, recordIds: readonly number[]): Promise<number[]> {
    const added: number[] = []
    for (const part of chunks(recordIds)) {
      const rows = rowsOf<{ record_id: number }>(
        await this.db
          .execute(sql`INSERT INTO ${impactCaseRecords} (case_id, record_id, product_id, record_type_id)
          SELECT ${caseId}::int, r.id, r.product_id, r.record_type_id FROM records r
          WHERE r.id IN (${sql.join(
            part.map((id) => sql`${id}::int`),
            sql`, `,
          )})
          ON CONFLICT DO NOTHING RETURNING record_id`),
      )
      added.push(...rows.map((r) => Number(r.record_id)))
    }
    return added
  }
}
