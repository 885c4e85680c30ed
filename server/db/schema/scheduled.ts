import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { deviceOwners } from './reference'
import { testEquipment } from './records'

/**
 * Leases of scheduled jobs (issue #15.4): the one runner of a job across every app instance and CLI. A
 * runner takes the row when it is absent or its lease has run out (one atomic upsert), renews it while
 * it works and deletes it when done; a runner that dies simply lets it run out.
 */
export const jobLeases = pgTable('job_leases', {
  /** The job, e.g. 'calibrationReminders'. */
  name: text('name').primaryKey(),
  /** Who holds it: host, process id and a random part, for logs and operators. */
  holder: text('holder').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  /** After this (database clock) another runner may take it over. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * Calibration reminders sent (issue #15.4): one row per device, threshold and the calibration expiry it
 * was about. The key makes a reminder go out once per threshold; a new calibration has a new expiry, so it
 * re-arms both thresholds.
 */
export const calibrationReminders = pgTable(
  'calibration_reminders',
  {
    testEquipmentId: integer('test_equipment_id')
      .notNull()
      .references(() => testEquipment.id, { onDelete: 'cascade' }),
    /** dueSoon (within the lead time) or overdue (expired). */
    threshold: text('threshold').notNull(),
    /** The expiry of the calibration the reminder was about. */
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    ownerId: integer('owner_id').references(() => deviceOwners.id, { onDelete: 'set null' }),
    /** The addresses it went to. */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    /** email (SMTP) or outbox. */
    delivery: text('delivery').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.testEquipmentId, t.threshold, t.expires] }),
    index('calibration_reminders_sent_idx').on(t.sentAt),
    check('calibration_reminders_threshold', sql`${t.threshold} IN ('dueSoon','overdue')`),
  ],
)
