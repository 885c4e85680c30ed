import { and, asc, eq, gt, sql } from 'drizzle-orm'
import {
  findDisagreements,
  judgeRecord,
  resolveLimits,
  tableDisagreements,
} from '../../schemas/form-layout/index'
import { parameterValues } from '../../schemas/entities/test-parameter'
import { changeOf, snapshot } from '../audit/snapshot'
import { audit, type AuditActor } from '../audit/write'
import type { Db } from '../db/client'
import { records, recordTransitions } from '../db/schema/index'
import { REVIEW_MESSAGES } from '../../schemas/records/index'
import { ImpactAssessment } from '../impact-cases/assessment'
import { normaliseNa } from './write/record-columns'
import { RecordDefinitions, type RecordDefinition } from '../record-types/record-definitions'
import { ProductsRepository } from '../products/products'
import { lockProductOfRecord, lockProducts } from '../products/product-summaries'
import { refreshChains } from '../reviews/chain'
import { judgedRecordResult } from './judge'

/** One stored record whose verdict is not the judge's. */
export interface RejudgeFinding {
  recordId: number
  serial: string
  recordType: string
  layoutRevision: number | null
  storedResult: string
  judgedResult: string
  /** Each stored test or group result that differs, as the judge words it. */
  problems: string[]
}

/** What a rejudge run found (and, applied, corrected). */
export interface RejudgeReport {
  checked: number
  findings: RejudgeFinding[]
  applied: boolean
}

const BATCH = 500

/**
 * Recomputes the verdict of every stored record against its own layout revision (issue #12 "Existing
 * data") and reports those that differ. Never rewrites silently: with `apply` each correction is written
 * with its audit row (by `actor`) and the product's status follows, one transaction per record.
 */
export async function rejudgeRecords(
  db: Db,
  options: { apply: boolean; actor: AuditActor },
): Promise<RejudgeReport> {
  const definitions = new RecordDefinitions(db)
  const cache = new Map<string, RecordDefinition | null>()
  const definitionOf = async (id: number, revision: number | null) => {
    const key = `${id}:${revision ?? '-'}`
    if (!cache.has(key)) cache.set(key, await definitions.atRevision(id, revision).catch(() => null))
    return cache.get(key) ?? null
  }
  const findings: RejudgeFinding[] = []
  let checked = 0
  for (let after = 0; ;) {
    const batch = await db
      .select()
      .from(records)
      .where(gt(records.id, after))
      .orderBy(asc(records.id))
      .limit(BATCH)
    if (batch.length === 0) break
    after = batch[batch.length - 1].id
    for (const row of batch) {
      if (row.recordTypeId == null) continue
      const definition = await definitionOf(row.recordTypeId, row.layoutVersion)
      if (!definition?.layout) continue
      checked++
      const data = (row.data ?? {}) as Record<string, unknown>
      // With the parameters the record stored (issue #14.4), never the product type's current ones.
      const params = parameterValues(row.parameters ?? [])
      const layout = resolveLimits(definition.layout, params).layout
      const judgement = judgeRecord(layout, data, params)
      const judged = judgedRecordResult(layout, definition.mappings.resultField, judgement)
      // Table cells (issue #14) are judged like top-level tests: a stored cell result that disagrees is found.
      const problems = [
        ...findDisagreements(layout, data, judgement),
        ...tableDisagreements(layout, data, judgement),
      ].map((d) => d.message)
      const resultDiffers = judged !== undefined && judged !== row.testResult
      if (!problems.length && !resultDiffers) continue
      const finding: RejudgeFinding = {
        recordId: row.id,
        serial: row.productSerialNumber,
        recordType: definition.name,
        layoutRevision: row.layoutVersion,
        storedResult: row.testResult,
        judgedResult: judged ?? row.testResult,
        problems,
      }
      findings.push(finding)
      if (options.apply) await correct(db, row.id, row.productId, judgement.data, finding, options.actor)
    }
  }
  return { checked, findings, applied: options.apply }
}

async function correct(
  db: Db,
  recordId: number,
  productId: number | null,
  judgedData: Record<string, unknown>,
  finding: RejudgeFinding,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Its product first, as every writer of records locks (products, then records): the update below
    // locks the record, and a review or edit of it holds the product while it waits for the record.
    await lockProductOfRecord(tx, recordId)
    const [before] = await tx.select().from(records).where(eq(records.id, recordId))
    // A reviewer or approver decided on the old verdict: the corrected record waits for its review again,
    // as an amended one does (a waiting, rejected or unreviewed record keeps its state).
    const decided = before.reviewState === 'reviewed' || before.reviewState === 'approved'
    const [after] = await tx
      .update(records)
      .set({
        data: normaliseNa(judgedData) as Record<string, unknown>,
        testResult: finding.judgedResult as 'pass' | 'fail' | '-',
        updatedAt: new Date(),
        // A corrected verdict is a change of content: a review made on the old one is refused (If-Match).
        revision: sql`${records.revision} + 1`,
        ...(decided ? { reviewState: 'submitted', reviewChangedAt: new Date() } : {}),
      })
      .where(and(eq(records.id, recordId)))
      .returning()
    const change = changeOf(snapshot(before), snapshot(after))
    if (change) await audit(tx, { actor, entity: 'record', entityId: recordId, ...change })
    if (decided) {
      await tx.insert(recordTransitions).values({
        recordId,
        fromState: before.reviewState,
        toState: 'submitted',
        byUserId: null,
        comment: REVIEW_MESSAGES.rejudged(finding.storedResult, finding.judgedResult),
        revision: after.revision,
      })
      // An approved record stops counting until it is approved again: a retest it cleared waits again.
      if (before.reviewState === 'approved') await new ImpactAssessment(tx, null).afterReview(recordId, false)
    }
    if (productId) await new ProductsRepository(tx).refreshSummary(productId)
    // Audit walk F4: an approved record sent back to review no longer supersedes the counting record
    // before it (the re-test chain, server/reviews/chain.ts); the product is locked already.
    if (productId && before.reviewState === 'approved')
      await refreshChains(tx, await lockProducts(tx, [productId]))
  })
}
