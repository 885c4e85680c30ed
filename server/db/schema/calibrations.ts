import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { calibrators } from './reference'
import { documents, records, testEquipment } from './records'

/**
 * Every calibration of every device (issue #15.3), one row per calibration record, written with the
 * record: when, until when, by whom, the certificate, and the device's condition as found (before any
 * adjustment, the record type's `asFoundResultField`) and as left (the record's own result). The
 * test_equipment row keeps only the latest calibration; this is the history the impact window and the
 * device page read. A calibration record is never edited, so a row never changes.
 */
export const calibrationHistory = pgTable(
  'calibration_history',
  {
    recordId: integer('record_id')
      .primaryKey()
      .references(() => records.id, { onDelete: 'cascade' }),
    testEquipmentId: integer('test_equipment_id')
      .notNull()
      .references(() => testEquipment.id, { onDelete: 'cascade' }),
    calibrationDate: timestamp('calibration_date', { withTimezone: true }).notNull(),
    expires: timestamp('expires', { withTimezone: true }),
    skipped: boolean('skipped').notNull().default(false),
    // Restrict: a calibration's history never loses who calibrated (the calibrator's delete is refused).
    calibratorId: integer('calibrator_id').references(() => calibrators.id, { onDelete: 'restrict' }),
    certificateDocumentId: integer('certificate_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    /** pass | fail | '-' (not mapped, or nothing measured): judged by the server, never the client's word. */
    asFound: text('as_found').notNull().default('-'),
    /** pass | fail | '-': the calibration record's result. */
    asLeft: text('as_left').notNull().default('-'),
  },
  (t) => [
    index('calibration_history_device_idx').on(t.testEquipmentId, t.calibrationDate, t.recordId),
    check('calibration_history_as_found', sql`${t.asFound} IN ('pass','fail','-')`),
    check('calibration_history_as_left', sql`${t.asLeft} IN ('pass','fail','-')`),
  ],
)
