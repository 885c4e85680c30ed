import { sql } from 'drizzle-orm'
import type { RecordView } from '../../schemas/records/index'

/**
 * What the record page says of a record besides its detail (GET Record/{id} only): the impact cases it
 * is suspect in and a calibration's outcome, as two more columns of the record's own statement, so the
 * page's read stays one round trip and is scoped as the record is (a record out of scope has no row, so
 * nothing of it is read). Not in `recordDetails`: the audit trail stores that, and a submission reads
 * its records back with it inside its transaction (issue #17.1).
 */
export const RECORD_VIEW_COLUMNS = {
  /**
   * The record's cases, oldest first, with the record's state in each (`suspect` is their strictest).
   * Plain names: the correlated subqueries must bind to the outer `records` row whatever drizzle writes.
   */
  impactCases: sql<RecordView['impactCases']>`(
    SELECT coalesce(json_agg(json_build_object('id', ic.id, 'kind', ic.kind, 'status', ic.status,
      'state', coalesce(icr.disposition, 'undecided'), 'clearedBy', icr.retest_cleared_by)
      ORDER BY ic.id), '[]'::json)
    FROM impact_case_records icr JOIN impact_cases ic ON ic.id = icr.case_id
    WHERE icr.record_id = records.id)`,
  /** The case a failing calibration opened (impact_cases_calibration_unique: at most one). */
  openedImpactCase: sql<RecordView['openedImpactCase']>`(
    SELECT ic.id FROM impact_cases ic WHERE ic.calibration_record_id = records.id)`,
  /** A calibration's row of its device's history, as the certificate reads it (certificate-reads.ts). */
  calibrationOutcome: sql<RecordView['calibrationOutcome']>`(
    SELECT json_build_object('skipped', h.skipped, 'asFound', h.as_found, 'asLeft', h.as_left)
    FROM calibration_history h WHERE h.record_id = records.id AND records.category = 'calibration')`,
}

/** The columns of {@link RECORD_VIEW_COLUMNS} as the driver answers them. */
export type RecordViewColumns = Pick<RecordView, 'impactCases' | 'openedImpactCase' | 'calibrationOutcome'>
