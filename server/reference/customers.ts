import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, records } from '../db/schema/index'
import type { Viewer } from '../access/viewer'

export type CustomerRow = typeof customers.$inferSelect

/** Customers of despatch records (SPEC §3 "Other lists"). */
export class CustomersRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<CustomerRow[]> {
    return this.db.select().from(customers).orderBy(asc(customers.name))
  }

  /**
   * The customers a viewer may know of (issue #11.4): all of them for configurators and admins, otherwise
   * those named on records the viewer may read (supplier and ITRViewer scope, as the records page).
   */
  listFor(viewer: Viewer): Promise<CustomerRow[]> {
    const scope = viewer.recordScope()
    if (!scope) return this.list()
    return this.db
      .select()
      .from(customers)
      .where(
        inArray(
          customers.id,
          this.db
            .select({ id: records.customerId })
            .from(records)
            .where(and(scope, isNotNull(records.customerId))),
        ),
      )
      .orderBy(asc(customers.name))
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
