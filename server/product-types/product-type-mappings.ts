import { and, eq } from 'drizzle-orm'
import { TABLE_NAMES } from '../../schemas/entities/attribute'
import type { Mapping } from '../../schemas/entities/product-type'
import { MESSAGES } from '../../schemas/messages'
import { badRequest, notFound } from '../http-error'
import type { Db } from '../db/client'
import { assetModelParents, assetModels } from '../db/schema/index'
import { lockParentTree } from '../reference/list-lock'

/** Parent mappings between product types (a sub component and its parent), SPEC §7. */
export class ProductTypeMappingsRepository {
  constructor(private readonly db: Db) {}

  /** The parent mappings of a product type (zero or one). */
  async parentsOf(subjectId: number): Promise<Mapping[]> {
    const rows = await this.db
      .select({
        id: assetModelParents.id,
        subjectId: assetModelParents.subjectId,
        parentId: assetModelParents.parentId,
        parentName: assetModels.name,
      })
      .from(assetModelParents)
      .innerJoin(assetModels, eq(assetModels.id, assetModelParents.parentId))
      .where(eq(assetModelParents.subjectId, subjectId))
    return rows.map((r) => ({
      ...r,
      subjectTableName: TABLE_NAMES.productType,
      parentTableName: TABLE_NAMES.productType,
    }))
  }

  /**
   * Makes `subjectId` a sub component of `parentId`, replacing any earlier parent. A type cannot be
   * its own parent, nor a sub component of one of its own sub components.
   * @returns the mapping id.
   */
  async setParent(parentId: number, subjectId: number): Promise<number> {
    if (parentId === subjectId) throw badRequest(MESSAGES.productType.ownParent)
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      // Parent changes queue (reads below see the one before), so two at once cannot close a cycle.
      await lockParentTree(db, 'productType')
      const types = await db.select({ id: assetModels.id }).from(assetModels)
      const ids = new Set(types.map((t) => t.id))
      if (!ids.has(parentId) || !ids.has(subjectId)) throw notFound(MESSAGES.productType.notFound)
      const all = await db.select().from(assetModelParents)
      const parentOf = new Map(all.map((m) => [m.subjectId, m.parentId]))
      // Walk up from the new parent: meeting the subject means the subject is an ancestor (a cycle).
      for (
        let at: number | undefined = parentId, steps = 0;
        at !== undefined && steps <= all.length;
        at = parentOf.get(at), steps++
      ) {
        if (at === subjectId) throw badRequest(MESSAGES.productType.parentCycle)
      }
      const [row] = await db
        .insert(assetModelParents)
        .values({ subjectId, parentId })
        .onConflictDoUpdate({ target: assetModelParents.subjectId, set: { parentId } })
        .returning({ id: assetModelParents.id })
      return row.id
    })
  }

  /** Removes the mapping of `subjectId` under `parentId`; 404 when there is none. */
  async removeParent(parentId: number, subjectId: number): Promise<void> {
    const rows = await this.db
      .delete(assetModelParents)
      .where(and(eq(assetModelParents.subjectId, subjectId), eq(assetModelParents.parentId, parentId)))
      .returning({ id: assetModelParents.id })
    if (rows.length === 0) throw notFound(MESSAGES.productType.mappingNotFound)
  }

  /** `DELETE {meta}/api/Mapping`: only product-type (AssetModels) mappings live here. */
  async removeMapping(
    mapping: Pick<Mapping, 'subjectTableName' | 'subjectId' | 'parentTableName' | 'parentId'>,
  ): Promise<void> {
    const isTypes = (t: string) => t.toLowerCase() === TABLE_NAMES.productType.toLowerCase()
    if (!isTypes(mapping.subjectTableName) || !isTypes(mapping.parentTableName))
      throw badRequest(MESSAGES.productType.mappingTable)
    await this.removeParent(mapping.parentId, mapping.subjectId)
  }
}
