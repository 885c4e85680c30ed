import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Failed sign-ins per client address and username (lower case) for the login lockout, and per address
 * across usernames (username '*'): failures counted since
 * `windowStartedAt`, and `lockedUntil` once the limit is reached. Kept in the database so every
 * instance behind a load balancer counts the same attempts.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    /** The client address (an IPv6 address by its /64); with username '*' the address's own counter. */
    address: text('address').notNull(),
    username: text('username').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.username] }),
    index('login_attempts_updated_idx').on(t.updatedAt),
  ],
)
