import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { faultRepairItemsCheck } from '../../schemas/rules/fault-repair-items'
import { MESSAGES } from '../../schemas/messages'
import { badRequest, notFound } from '../http-error'
import type { Db } from '../db/client'
import { assetModels, faultRepairItems } from '../db/schema/index'
import { replaceListOf } from './list-lock'

/** Survey/repair items of product types (the rows behind the FaultRepairItems attribute). */
export class FaultRepairItemsRepository {
  constructor(private readonly db: Db) {}

  /** Item names per product type, in their order. */
  async namesOf(typeIds: readonly number[]): Promise<Map<number, string[]>> {
    const result = new Map<number, string[]>()
    if (typeIds.length === 0) return result
    const rows = await this.db
      .select()
      .from(faultRepairItems)
      .where(inArray(faultRepairItems.assetModelId, [...typeIds]))
      .orderBy(asc(faultRepairItems.position), asc(faultRepairItems.id))
    for (const row of rows) {
      const list = result.get(row.assetModelId) ?? []
      list.push(row.name)
      result.set(row.assetModelId, list)
    }
    return result
  }

  /** Every item with its product type, for the survey/repair listing. */
  listAll() {
    return this.db
      .select({
        id: faultRepairItems.id,
        name: faultRepairItems.name,
        productTypeId: assetModels.id,
        productTypeName: assetModels.name,
      })
      .from(faultRepairItems)
      .innerJoin(assetModels, eq(assetModels.id, faultRepairItems.assetModelId))
      .orderBy(asc(assetModels.name), asc(faultRepairItems.position), asc(faultRepairItems.id))
  }

  /**
   * Replaces a product type's item list with `names` (SPEC §5 rules first). Items whose name stays keep
   * their id, so links from records survive a rename of other items.
   */
  async replace(typeId: number, names: readonly string[]): Promise<void> {
    const checked = faultRepairItemsCheck(names)
    if (checked.error !== undefined) throw badRequest(checked.error)
    // Concurrent saves queue on the product type's row, so `existing` is the list the last save stored
    // and the names it holds are not inserted twice (D4).
    const owner = {
      kind: 'productType',
      id: typeId,
      missing: () => notFound(MESSAGES.productType.notFound),
    } as const
    await replaceListOf(this.db, owner, async (tx) => {
      const existing = await tx
        .select()
        .from(faultRepairItems)
        .where(eq(faultRepairItems.assetModelId, typeId))
      const byName = new Map(existing.map((row) => [row.name.toLowerCase(), row]))
      const keep = checked.names
        .map((n) => byName.get(n.toLowerCase())?.id)
        .filter((id): id is number => id !== undefined)
      await tx
        .delete(faultRepairItems)
        .where(
          and(
            eq(faultRepairItems.assetModelId, typeId),
            keep.length ? notInArray(faultRepairItems.id, keep) : undefined,
          ),
        )
      for (const [position, name] of checked.names.entries()) {
        const row = byName.get(name.toLowerCase())
        if (row)
          await tx.update(faultRepairItems).set({ name, position }).where(eq(faultRepairItems.id, row.id))
        else await tx.insert(faultRepairItems).values({ assetModelId: typeId, name, position })
      }
    })
  }
}
