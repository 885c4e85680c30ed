import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The audit trail (issue 8): one row per committed write, in the same transaction as the change, so a
 * row exists exactly when the change did. `before`/`after` are the entity as its history shows it (never
 * secrets); a create has no `before`, a delete no `after`. `revisionOf` links a record stored from a
 * /DataEntry edit to the record it revises, so the history of either shows both.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * When the row was written, not when its transaction began (`now()`): a write that waited for a
     * concurrent one of the same entity (server/audit/entities.ts lockForAudit) is logged after it, so
     * the history, sorted by time, chains each row's "before" to the previous row's "after".
     */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    /** The caller's role view when the change was made (viewAll, configurator …). */
    userView: text('user_view'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    revisionOf: text('revision_of'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.userName, t.at),
    index('audit_log_revision_idx').on(t.revisionOf),
  ],
)
