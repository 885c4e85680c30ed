import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  startOfUtcDay,
  type CalibrationHistoryItem,
  type SuspectPeriod,
  type TestEquipment,
} from '../../schemas/records/index'
import type { Db } from '../db/client'
import { calibrationHistory, calibrators, documents, impactCases } from '../db/schema/index'
import { chunks, insertJson } from '../submissions/write/sql-batch'

/**
 * A device's calibrations as one JSON list, newest first, in the shape of SPEC §3 latestCalibration
 * (issue #15.3): a column of the test equipment select, so reading a device still takes one query.
 */
export const calibrationsOf = (
  deviceId: AnyPgColumn,
) => sql<unknown>`(SELECT coalesce(json_agg(json_build_object(
    'skipped', h.skipped, 'date', h.calibration_date, 'expires', h.expires,
    'calibrator', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name) END,
    'certificate', d.saved_filename) ORDER BY h.calibration_date DESC, h.record_id DESC), '[]'::json)
  FROM ${calibrationHistory} h
  LEFT JOIN ${calibrators} c ON c.id = h.calibrator_id
  LEFT JOIN ${documents} d ON d.id = h.certificate_document_id
  WHERE h.test_equipment_id = ${deviceId})`

/** Whether the device has a case or a calibration that left it failing: only those read suspect periods. */
export const suspectKnown = (deviceId: AnyPgColumn) => sql<boolean>`(EXISTS (SELECT 1 FROM ${impactCases} i
    WHERE i.test_equipment_id = ${deviceId})
  OR EXISTS (SELECT 1 FROM ${calibrationHistory} f WHERE f.test_equipment_id = ${deviceId} AND f.as_left = 'fail'))`

type Calibration = NonNullable<TestEquipment['latestCalibration']>

/** The JSON list of `calibrationsOf` with ISO dates (the database writes its own timestamp text). */
export function readCalibrations(value: unknown): Calibration[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Calibration[] | null
  const iso = (d: string | null) => (d ? new Date(d).toISOString() : null)
  return (list ?? []).map((c) => ({ ...c, date: iso(c.date), expires: iso(c.expires) }))
}

/** One calibration record's row of the history, as the writer stores it. */
export interface CalibrationFacts {
  recordId: number
  testEquipmentId: number
  calibrationDate: Date
  expires: Date | null
  skipped: boolean
  calibratorId: number | null
  certificateDocumentId: number | null
  asFound: 'pass' | 'fail' | '-'
  asLeft: 'pass' | 'fail' | '-'
}

/** The calibration that last left a device in tolerance, whose day starts an impact window. */
export interface PassingCalibration {
  recordId: number
  calibrationDate: Date
}

const dayIso = (d: Date | null) => (d ? startOfUtcDay(d).toISOString() : null)

/**
 * The last day a failed-calibration case makes a new record suspect: the window's end, the failing
 * calibration's day — unless that calibration left the device in tolerance (as-left not Fail). A record
 * entered once the case is open and dated that day is then taken as made after the adjustment; the
 * records already stored for that day stay in the case (they may have been made before it).
 */
export function suspectUntil(windowEnd: Date | null, asLeft: string | null | undefined): Date | null {
  if (!windowEnd || asLeft === 'fail') return windowEnd
  return new Date(startOfUtcDay(windowEnd).getTime() - 86_400_000)
}

/**
 * The calibration history of test equipment (issue #15.3): one row per calibration record, written in
 * the record's transaction, read for the impact window, the device page and the gate's suspect periods.
 */
export class CalibrationHistory {
  constructor(private readonly db: Db) {}

  /** Stores the rows of newly written calibration records (1,000 a statement, as the record writer does). */
  async write(rows: readonly CalibrationFacts[]): Promise<void> {
    for (const part of chunks(rows.map((r) => ({ ...r }))))
      await this.db.execute(insertJson(calibrationHistory, part))
  }

  /**
   * The last passing calibration of the device before the calibration `recordId` (dated `date`): the
   * latest earlier one that was done (not 'Calibration not required') and did not leave the device out of
   * tolerance (as-left not Fail). Earlier means an earlier date, or the same date and stored before.
   */
  async lastPassingBefore(
    deviceId: number,
    recordId: number,
    date: Date,
  ): Promise<PassingCalibration | null> {
    const h = calibrationHistory
    const [row] = await this.db
      .select({ recordId: h.recordId, calibrationDate: h.calibrationDate })
      .from(h)
      .where(
        and(
          eq(h.testEquipmentId, deviceId),
          ne(h.recordId, recordId),
          eq(h.skipped, false),
          ne(h.asLeft, 'fail'),
          sql`(${h.calibrationDate} < ${date} OR (${h.calibrationDate} = ${date} AND ${h.recordId} < ${recordId}))`,
        ),
      )
      .orderBy(desc(h.calibrationDate), desc(h.recordId))
      .limit(1)
    return row ?? null
  }

  /** Every calibration of the device, newest first, with calibrator, certificate and the case it opened. */
  async ofDevice(deviceId: number): Promise<CalibrationHistoryItem[]> {
    const h = calibrationHistory
    const rows = await this.db
      .select({
        recordId: h.recordId,
        calibrationDate: h.calibrationDate,
        expires: h.expires,
        skipped: h.skipped,
        calibratorName: calibrators.name,
        certificate: documents.savedFilename,
        certificateName: documents.originalFilename,
        asFound: h.asFound,
        asLeft: h.asLeft,
        impactCaseId: impactCases.id,
      })
      .from(h)
      .leftJoin(calibrators, eq(calibrators.id, h.calibratorId))
      .leftJoin(documents, eq(documents.id, h.certificateDocumentId))
      .leftJoin(impactCases, eq(impactCases.calibrationRecordId, h.recordId))
      .where(eq(h.testEquipmentId, deviceId))
      .orderBy(desc(h.calibrationDate), desc(h.recordId))
    return rows.map((r) => ({
      ...r,
      calibrationDate: r.calibrationDate.toISOString(),
      expires: r.expires?.toISOString() ?? null,
      asFound: r.asFound as CalibrationHistoryItem['asFound'],
      asLeft: r.asLeft as CalibrationHistoryItem['asLeft'],
    }))
  }

  /**
   * The days each device is suspect in (issue #15.3, point 1 of what #15.1 left to connect): the window of
   * each of its failed-calibration cases, and from a calibration that left it out of tolerance (as-left
   * Fail) up to the day before the next calibration that did not. Keyed by device id; devices without
   * any are absent.
   */
  async suspectPeriods(deviceIds: readonly number[] | 'all'): Promise<Map<number, SuspectPeriod[]>> {
    const periods = new Map<number, SuspectPeriod[]>()
    const add = (id: number, period: SuspectPeriod) => periods.set(id, [...(periods.get(id) ?? []), period])
    if (deviceIds !== 'all' && deviceIds.length === 0) return periods
    const cases = await this.db
      .select({
        id: impactCases.testEquipmentId,
        from: impactCases.windowStart,
        to: impactCases.windowEnd,
        asLeft: calibrationHistory.asLeft,
      })
      .from(impactCases)
      .leftJoin(calibrationHistory, eq(calibrationHistory.recordId, impactCases.calibrationRecordId))
      .where(
        and(
          eq(impactCases.kind, 'failedCalibration'),
          deviceIds === 'all' ? undefined : inArray(impactCases.testEquipmentId, [...deviceIds]),
        ),
      )
    for (const c of cases) {
      const to = suspectUntil(c.to, c.asLeft)
      if (!c.from || !to || c.from <= to) add(c.id, { from: dayIso(c.from), to: dayIso(to) })
    }
    await this.leftFailing(deviceIds, add)
    return periods
  }

  /** Periods after calibrations that left a device out of tolerance (as-left Fail). */
  private async leftFailing(
    deviceIds: readonly number[] | 'all',
    add: (id: number, period: SuspectPeriod) => void,
  ): Promise<void> {
    const h = calibrationHistory
    const failing = this.db
      .selectDistinct({ id: h.testEquipmentId })
      .from(h)
      .where(
        and(
          eq(h.asLeft, 'fail'),
          deviceIds === 'all' ? undefined : inArray(h.testEquipmentId, [...deviceIds]),
        ),
      )
    const rows = await this.db
      .select({ id: h.testEquipmentId, date: h.calibrationDate, skipped: h.skipped, asLeft: h.asLeft })
      .from(h)
      .where(inArray(h.testEquipmentId, failing))
      .orderBy(asc(h.testEquipmentId), asc(h.calibrationDate), asc(h.recordId))
    let open: { id: number; from: Date } | null = null
    for (const row of rows) {
      if (open && open.id !== row.id) {
        add(open.id, { from: dayIso(open.from), to: null })
        open = null
      }
      if (row.asLeft === 'fail' && !row.skipped) open ??= { id: row.id, from: row.date }
      else if (open) {
        add(open.id, { from: dayIso(open.from), to: dayIso(new Date(row.date.getTime() - 86_400_000)) })
        open = null
      }
    }
    if (open) add(open.id, { from: dayIso(open.from), to: null })
  }
}
