import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { assetManufacturers } from '../db/schema/index'

export type SupplierRow = typeof assetManufacturers.$inferSelect

/** Suppliers (asset manufacturers). Attributes are added by the reference-data work. */
export class SuppliersRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<SupplierRow[]> {
    return this.db.select().from(assetManufacturers).orderBy(asc(assetManufacturers.id))
  }

  async get(id: number): Promise<SupplierRow | undefined> {
    const [row] = await this.db.select().from(assetManufacturers).where(eq(assetManufacturers.id, id))
    return row
  }

  async create(name: string): Promise<number> {
    const [row] = await this.db.insert(assetManufacturers).values({ name }).returning({ id: assetManufacturers.id })
    return row.id
  }
}
