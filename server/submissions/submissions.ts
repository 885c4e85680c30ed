import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import {
  initialReviewState,
  RECORD_MESSAGES,
  REVIEW_MESSAGES,
  type ReviewState,
  type SubmissionResult,
} from '../../schemas/records/index'
import { ReviewsRepository } from '../reviews/reviews'
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { idempotencyKeys, recordTestEquipment, records } from '../db/schema/index'
import { RecordWriter } from './write/record-writer'
import { SubmissionPreparer } from './prepare'
import type { SubmissionInput, SubmissionKind } from './types'

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** The fingerprint an Idempotency-Key is stored with: the call and its whole body. */
export function requestHash(route: string, request: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonical(request)).digest('hex')
}

/** Any 32-bit number every instance uses for the Idempotency-Key locks (the other half is the key's hash). */
const IDEMPOTENCY_LOCK_CLASS = 170_017

/** `work` in `db`'s transaction: the one already open (an audited route's), else a new one. */
function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // A nested drizzle transaction would be a savepoint, two more statements, with nothing to roll back to.
  const open: unknown = db
  return open instanceof PgTransaction ? work(db) : db.transaction((tx) => work(tx as unknown as Db))
}

/**
 * Runs `work` in one transaction. With an Idempotency-Key the answer is stored in the same transaction,
 * with a hash of the request; a retry of the same request finds and returns it instead of storing twice,
 * while the key reused with another body is refused with 422 (its new data would otherwise be silently
 * dropped). A retry racing the first call waits on the key's transaction-scoped advisory lock until the
 * first one ends, then finds its answer (each statement reads what has committed before it starts), so
 * the key's insert never meets another's row and no savepoint is needed to recover from one.
 */
export async function idempotent<T extends object>(
  db: Db,
  userId: number,
  key: string | undefined,
  route: string,
  request: unknown,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!key) return inTransaction(db, work)
  const hash = requestHash(route, request)
  return inTransaction(db, async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}, hashtext(${`${userId}:${key}`}))`,
    )
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    if (row && row.route !== route) throw conflict(RECORD_MESSAGES.idempotencyOtherCall)
    if (row && row.requestHash !== hash) throw unprocessable(RECORD_MESSAGES.idempotencyOtherRequest)
    if (row) return row.response as T
    const result = await work(tx)
    await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash, statusCode: 200, response: result })
    return result
  })
}

/** Record submissions of SPEC §7 ({submission}): each one transaction, all side effects or none. */
export class SubmissionsRepository {
  constructor(private readonly db: Db) {}

  submit(
    kind: SubmissionKind,
    input: SubmissionInput,
    who: Viewer,
    idempotencyKey?: string,
  ): Promise<SubmissionResult> {
    return idempotent(this.db, who.id, idempotencyKey, kind, input, async (tx) => {
      const prepared = await new SubmissionPreparer(tx).prepare(kind, input, who)
      return new RecordWriter(tx).write(prepared, who.id)
    })
  }

  /** `PUT /api/InstrumentTest/Record/{id}`: Problem Report records only. */
  edit(recordId: number, input: SubmissionInput, who: Viewer, idempotencyKey?: string) {
    return idempotent(this.db, who.id, idempotencyKey, `edit:${recordId}`, input, async (tx) => {
      const [existing] = await tx
        .select({
          category: records.category,
          supplierId: records.supplierId,
          productId: records.productId,
          layoutVersion: records.layoutVersion,
          parameters: records.parameters,
          reviewState: records.reviewState,
          createdBy: records.createdBy,
        })
        .from(records)
        // Exactly the read scope of GET Record/{id} (supplier and ITRViewer categories): a record the
        // caller cannot read is answered 404 like the read, never overwritten blind (issue #11.2).
        .where(and(eq(records.id, recordId), who.recordScope()))
      if (!existing) throw notFound(RECORD_MESSAGES.recordNotFound(recordId))
      if (existing.category !== 'problemReport') throw badRequest(RECORD_MESSAGES.notProblemReport)
      // Issue #19: a rejected record goes back to its submitter, who amends it.
      if (existing.reviewState === 'rejected' && existing.createdBy !== who.id)
        throw forbidden(REVIEW_MESSAGES.otherSubmitter)
      const frozen = await tx
        .select({ snapshot: recordTestEquipment.snapshot })
        .from(recordTestEquipment)
        .where(eq(recordTestEquipment.recordId, recordId))
      // Checked against the layout revision the record was captured with (DESIGN.md §5), which it keeps.
      const prepared = await new SubmissionPreparer(tx).prepare('single', input, who, {
        layoutRevision: existing.layoutVersion,
        // The parameters it was judged with, so a later parameter edit never changes its verdict.
        parameters: existing.parameters,
        // Its devices keep what was true when they were used (issue #15.2).
        equipmentSnapshots: frozen.flatMap((f) => (f.snapshot ? [f.snapshot] : [])),
      })
      if (prepared.definition.category !== 'problemReport') throw badRequest(RECORD_MESSAGES.notProblemReport)
      const result = await new RecordWriter(tx).update(recordId, existing.productId, prepared, who.id)
      // Issue #19: an amended record of a reviewed type waits for its review again; the history says so.
      const state = initialReviewState(prepared.definition.reviewPolicy)
      if (existing.reviewState !== 'none' || state !== 'none')
        await new ReviewsRepository(tx).resubmitted(
          recordId,
          existing.reviewState as ReviewState,
          state,
          who.id,
        )
      return result
    })
  }
}
