import { pgTable, serial, text } from 'drizzle-orm/pg-core'

/** Suppliers (SPEC's asset manufacturers). */
export const assetManufacturers = pgTable('asset_manufacturers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
})
