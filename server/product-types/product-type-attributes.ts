import { and, eq, inArray, ne, or, isNull } from 'drizzle-orm'
import { ATTRIBUTE_KEYS, TABLE_NAMES } from '../../schemas/entities/attribute'
import type { Db } from '../db/client'
import { entityAttributes } from '../db/schema/index'

/**
 * Product types (of `ids`) that carry the NoSerialNumberPrefix attribute (SPEC §3), whose serial
 * ranges need no prefix. A value of 'false' does not count.
 */
export async function noSerialPrefixIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: entityAttributes.entityId })
    .from(entityAttributes)
    .where(
      and(
        eq(entityAttributes.tableName, TABLE_NAMES.productType),
        eq(entityAttributes.key, ATTRIBUTE_KEYS.noSerialNumberPrefix),
        inArray(entityAttributes.entityId, [...ids]),
        or(isNull(entityAttributes.value), ne(entityAttributes.value, 'false')),
      ),
    )
  return new Set(rows.map((r) => r.id))
}
