import { asc } from 'drizzle-orm'
import type { Db } from '../db/client'
import { dataPointTypes } from '../db/schema/index'

/**
 * Read access to record types (DataPointTypes) for the product-type screens. The record-type calls
 * (create, edit, attributes) are built by the record-type work on the same table.
 */
export class DataPointTypesRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: dataPointTypes.id, name: dataPointTypes.name })
      .from(dataPointTypes)
      .orderBy(asc(dataPointTypes.id))
  }
}
