import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { records } from './records'

/**
 * Review and approval (issue #19). Each review transition of a record — reviewed, approved, rejected and a
 * resubmission after a reject — with who, when and the comment; the record's own row holds its current
 * state, these rows its history.
 */
export const recordTransitions = pgTable(
  'record_transitions',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the row was written (`clock_timestamp()`), as the audit log's: transitions chain in time order. */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    comment: text('comment'),
    /** The record's content revision the transition was made on (records.revision at that moment). */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('record_transitions_record_idx').on(t.recordId, t.id)],
)

/**
 * Review mail per user (issue #19): when the last one went out, so a user gets at most one an hour, and
 * up to which state change it told them about, so the next mail lists only what is new.
 */
export const reviewMailUsers = pgTable('review_mail_users', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  notifiedUntil: timestamp('notified_until', { withTimezone: true }),
})
