import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import { dataPointTypes } from './reference'
import { products, records, testEquipment } from './records'

/**
 * Impact cases (issue #15.3): a device found out of tolerance (a calibration whose as-found result is
 * Fail), or one whose calibration lapsed while it kept being used, and the records it made suspect. The
 * window is whole UTC days, both ends included: from the day of the last passing calibration (null: the
 * device's first use) to the day of the failing calibration (lapsed cases: null, up to now).
 */
export const impactCases = pgTable(
  'impact_cases',
  {
    id: serial('id').primaryKey(),
    /** failedCalibration | lapsed */
    kind: text('kind').notNull(),
    testEquipmentId: integer('test_equipment_id')
      .notNull()
      .references(() => testEquipment.id, { onDelete: 'restrict' }),
    /** The calibration that found the device out of tolerance (null for a lapsed case). */
    calibrationRecordId: integer('calibration_record_id').references(() => records.id, {
      onDelete: 'restrict',
    }),
    /** The last passing calibration before it, whose day starts the window (null: none, since first use). */
    lastPassingRecordId: integer('last_passing_record_id').references(() => records.id, {
      onDelete: 'set null',
    }),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    /** open | closed */
    status: text('status').notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedByName: text('opened_by_name').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
  },
  (t) => [
    uniqueIndex('impact_cases_calibration_unique').on(t.calibrationRecordId),
    index('impact_cases_status_idx').on(t.status, t.id),
    index('impact_cases_device_idx').on(t.testEquipmentId, t.id),
    check('impact_cases_kind', sql`${t.kind} IN ('failedCalibration','lapsed')`),
    check('impact_cases_status', sql`${t.status} IN ('open','closed')`),
  ],
)

/**
 * The suspect records of a case with their disposition (null: undecided): accept (with a reason), retest
 * (the product is flagged 'Retest required' until a new record of the same record type for it clears
 * it) or recall (flagged 'Recalled', cleared the same way), with who and when. Product and record type
 * are copied from the record so that a new record finds the retests and recalls it clears by index.
 */
export const impactCaseRecords = pgTable(
  'impact_case_records',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => impactCases.id, { onDelete: 'cascade' }),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    recordTypeId: integer('record_type_id')
      .notNull()
      .references(() => dataPointTypes.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    disposition: text('disposition'),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    /**
     * The new record that cleared a retest or a recall, and when (named for the retest, which came first:
     * a rename would need a second migration for no change in meaning).
     */
    retestClearedBy: integer('retest_cleared_by').references(() => records.id, { onDelete: 'set null' }),
    retestClearedAt: timestamp('retest_cleared_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.recordId] }),
    index('impact_case_records_record_idx').on(t.recordId),
    index('impact_case_records_case_idx').on(t.caseId, t.disposition),
    // Pending retests and recalls: the products page's flags and the clearing by a new record probe it
    // (a probe of retests alone, `disposition = 'retest'`, implies this predicate and uses it too).
    index('impact_case_records_retest_idx')
      .on(t.productId, t.recordTypeId)
      .where(sql`${t.disposition} IN ('retest','recall') AND ${t.retestClearedAt} IS NULL`),
    // The re-check after a clearing record is edited, reviewed or deleted finds its rows by this
    // (server/impact-cases/retest-clearing.ts); few rows are ever cleared, so the index is partial.
    index('impact_case_records_cleared_by_idx')
      .on(t.retestClearedBy)
      .where(sql`${t.retestClearedBy} IS NOT NULL`),
    check(
      'impact_case_records_disposition',
      sql`${t.disposition} IS NULL OR ${t.disposition} IN ('accept','retest','recall')`,
    ),
  ],
)
