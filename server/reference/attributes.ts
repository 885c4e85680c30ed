import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Attribute } from '../../schemas/entities/attribute'
import type { Db } from '../db/client'
import { entityAttributes } from '../db/schema/index'

/** The fields of an attribute a caller writes. */
export interface AttributeInput {
  key: string
  name?: string | null
  description?: string | null
  value?: string | null
}

/**
 * SPEC's attribute model over the `entity_attributes` table: key/value rows on one entity, named by
 * table name (e.g. AssetManufacturers) and id. Keys are unique per entity.
 */
export class AttributesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Attributes of several entities of one table, grouped by entity id; `'all'` reads those of every
   * entity of the table (a whole list: one condition instead of thousands of bound ids).
   */
  async listFor(tableName: string, entityIds: readonly number[] | 'all'): Promise<Map<number, Attribute[]>> {
    const byEntity = new Map<number, Attribute[]>()
    if (entityIds !== 'all' && entityIds.length === 0) return byEntity
    const rows = await this.db
      .select()
      .from(entityAttributes)
      .where(
        and(
          eq(entityAttributes.tableName, tableName),
          entityIds === 'all' ? undefined : inArray(entityAttributes.entityId, [...entityIds]),
        ),
      )
      .orderBy(asc(entityAttributes.id))
    for (const row of rows) {
      const list = byEntity.get(row.entityId) ?? []
      list.push({
        id: row.id,
        tableName: row.tableName,
        key: row.key,
        name: row.name,
        description: row.description,
        value: row.value,
      })
      byEntity.set(row.entityId, list)
    }
    return byEntity
  }

  async get(tableName: string, entityId: number, key: string): Promise<Attribute | undefined> {
    const [row] = await this.db
      .select()
      .from(entityAttributes)
      .where(
        and(
          eq(entityAttributes.tableName, tableName),
          eq(entityAttributes.entityId, entityId),
          eq(entityAttributes.key, key),
        ),
      )
    return (
      row && {
        id: row.id,
        tableName: row.tableName,
        key: row.key,
        name: row.name,
        description: row.description,
        value: row.value,
      }
    )
  }

  /** Creates or replaces the attribute `key` of an entity. */
  async upsert(tableName: string, entityId: number, input: AttributeInput): Promise<number> {
    const values = {
      tableName,
      entityId,
      key: input.key,
      name: input.name ?? null,
      description: input.description ?? null,
      value: input.value ?? null,
    }
    const [row] = await this.db
      .insert(entityAttributes)
      .values(values)
      .onConflictDoUpdate({
        target: [entityAttributes.tableName, entityAttributes.entityId, entityAttributes.key],
        set: { name: values.name, description: values.description, value: values.value },
      })
      .returning({ id: entityAttributes.id })
    return row.id
  }

  /** Deletes one attribute; false when there was none. */
  async delete(tableName: string, entityId: number, key: string): Promise<boolean> {
    const rows = await this.db
      .delete(entityAttributes)
      .where(
        and(
          eq(entityAttributes.tableName, tableName),
          eq(entityAttributes.entityId, entityId),
          eq(entityAttributes.key, key),
        ),
      )
      .returning({ id: entityAttributes.id })
    return rows.length > 0
  }

  /** Deletes every attribute of an entity (called when the entity itself is deleted). */
  async deleteAll(tableName: string, entityId: number): Promise<void> {
    await this.db
      .delete(entityAttributes)
      .where(and(eq(entityAttributes.tableName, tableName), eq(entityAttributes.entityId, entityId)))
  }
}
