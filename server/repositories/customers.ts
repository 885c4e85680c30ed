import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers } from '../db/schema/index'

export type CustomerRow = typeof customers.$inferSelect

/** Customers of despatch records (SPEC §3 "Other lists"). */
export class CustomersRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<CustomerRow[]> {
    return this.db.select().from(customers).orderBy(asc(customers.name))
  }

  /** The customer of this name (ignoring case), created on first use by despatch records. */
  async findOrCreate(name: string): Promise<CustomerRow> {
    const clean = name.trim()
    await this.db.insert(customers).values({ name: clean }).onConflictDoNothing()
    const [row] = await this.db
      .select()
      .from(customers)
      .where(eq(sql`lower(${customers.name})`, clean.toLowerCase()))
    return row
  }
}
