import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Failed sign-ins per username (lower case) for the login lockout: failures counted since
 * `windowStartedAt`, and `lockedUntil` once the limit is reached. Kept in the database so every
 * instance behind a load balancer counts the same attempts.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    username: text('username').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_updated_idx').on(t.updatedAt)],
)
