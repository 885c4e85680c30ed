import { asc, eq, inArray } from 'drizzle-orm'
import {
  PARAMETER_MESSAGES,
  duplicateParameterKey,
  resolveParameters,
  type ParameterLevel,
  type ResolvedParameter,
  type TestParameter,
} from '../../schemas/entities/test-parameter'
import { MESSAGES } from '../../schemas/messages'
import type { Db } from '../db/client'
import { assetModelParameters, assetModelParents, assetModels } from '../db/schema/index'
import { badRequest, notFound } from '../http-error'
import { replaceListOf } from '../reference/list-lock'

/** Deepest parent chain followed; mappings refuse cycles, this only bounds a damaged database. */
const MAX_DEPTH = 32

/**
 * A product type's test parameters (issue #14.4): its own grid, and the values a record of it is judged
 * with — its own, then each ancestor's for the keys it does not set.
 */
export class TestParametersRepository {
  constructor(private readonly db: Db) {}

  /** The rows a product type sets itself, in grid order. */
  async own(productTypeId: number): Promise<TestParameter[]> {
    return this.db
      .select({
        key: assetModelParameters.key,
        value: assetModelParameters.value,
        unit: assetModelParameters.unit,
      })
      .from(assetModelParameters)
      .where(eq(assetModelParameters.assetModelId, productTypeId))
      .orderBy(asc(assetModelParameters.position), asc(assetModelParameters.id))
  }

  /** Replaces a product type's own rows (a key listed twice is refused, nothing written). */
  async replace(productTypeId: number, rows: readonly TestParameter[]): Promise<void> {
    const duplicate = duplicateParameterKey(rows)
    if (duplicate !== undefined) throw badRequest(PARAMETER_MESSAGES.duplicateKey(duplicate))
    // The lock's read is the existence check; concurrent saves queue on it, so the last one stores
    // exactly its rows instead of a 500 or a merge (D4).
    const owner = {
      kind: 'productType',
      id: productTypeId,
      missing: () => notFound(MESSAGES.productType.notFound),
    } as const
    await replaceListOf(this.db, owner, async (tx) => {
      await tx.delete(assetModelParameters).where(eq(assetModelParameters.assetModelId, productTypeId))
      if (rows.length === 0) return
      await tx.insert(assetModelParameters).values(
        rows.map((r, position) => ({
          assetModelId: productTypeId,
          key: r.key,
          value: r.value.trim(),
          unit: r.unit?.trim() || null,
          position,
        })),
      )
    })
  }

  /** The product type and its ancestors, nearest first (a missing type gives an empty chain). */
  private async chain(productTypeId: number): Promise<{ id: number; name: string }[]> {
    const chain: { id: number; name: string }[] = []
    const seen = new Set<number>()
    let id: number | undefined = productTypeId
    while (id !== undefined && !seen.has(id) && chain.length < MAX_DEPTH) {
      seen.add(id)
      const [row]: { id: number; name: string; parentId: number | null }[] = await this.db
        .select({ id: assetModels.id, name: assetModels.name, parentId: assetModelParents.parentId })
        .from(assetModels)
        .leftJoin(assetModelParents, eq(assetModelParents.subjectId, assetModels.id))
        .where(eq(assetModels.id, id))
      if (!row) break
      chain.push({ id: row.id, name: row.name })
      id = row.parentId ?? undefined
    }
    return chain
  }

  /** The parameters a record of the product type is judged with, sorted by key. */
  async resolve(productTypeId: number): Promise<ResolvedParameter[]> {
    const chain = await this.chain(productTypeId)
    if (chain.length === 0) return []
    const rows = await this.db
      .select()
      .from(assetModelParameters)
      .where(
        inArray(
          assetModelParameters.assetModelId,
          chain.map((c) => c.id),
        ),
      )
      .orderBy(asc(assetModelParameters.position), asc(assetModelParameters.id))
    const levels: ParameterLevel[] = chain.map((c) => ({
      ...c,
      parameters: rows.filter((r) => r.assetModelId === c.id),
    }))
    return resolveParameters(levels)
  }
}
