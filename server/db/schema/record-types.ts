import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { dataPointTypes } from './reference'

/**
 * Every saved form layout of a record type. The DataEntryForm attribute holds the current one; this
 * keeps all revisions so a record captured with an older layout still renders with it.
 */
export const recordTypeLayouts = pgTable(
  'record_type_layouts',
  {
    recordTypeId: integer('record_type_id')
      .notNull()
      .references(() => dataPointTypes.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    layout: jsonb('layout').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordTypeId, t.revision] })],
)
