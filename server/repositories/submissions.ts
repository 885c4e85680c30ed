import { and, eq } from 'drizzle-orm'
import { RECORD_MESSAGES, type SubmissionResult } from '../../schemas/records/index'
import { badRequest, conflict, forbidden, notFound } from '../http-error'
import type { Db } from '../db/client'
import { idempotencyKeys, records } from '../db/schema/index'
import { isUniqueViolation } from './db-errors'
import { RecordWriter } from './record-writer'
import {
  SubmissionPreparer,
  type SubmissionInput,
  type SubmissionKind,
  type Submitter,
} from './submission-prepare'

/**
 * Runs `work` in one transaction. With an Idempotency-Key the answer is stored in the same transaction;
 * a retry finds and returns it instead of storing twice. A retry racing the first call waits on the
 * key's primary key, fails with a unique violation once the first commits, and then reads its answer.
 */
export async function idempotent<T extends object>(
  db: Db,
  userId: number,
  key: string | undefined,
  route: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!key) return db.transaction((tx) => work(tx as unknown as Db))
  const find = async () => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    if (row && row.route !== route) throw conflict('This Idempotency-Key was already used for another call.')
    return row?.response as T | undefined
  }
  const stored = await find()
  if (stored) return stored
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx as unknown as Db)
      await tx.insert(idempotencyKeys).values({ userId, key, route, statusCode: 200, response: result })
      return result
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await find()
      if (again) return again
    }
    throw error
  }
}

/** Record submissions of SPEC §7 ({submission}): each one transaction, all side effects or none. */
export class SubmissionsRepository {
  constructor(private readonly db: Db) {}

  submit(
    kind: SubmissionKind,
    input: SubmissionInput,
    who: Submitter,
    idempotencyKey?: string,
  ): Promise<SubmissionResult> {
    return idempotent(this.db, who.id, idempotencyKey, kind, async (tx) => {
      const prepared = await new SubmissionPreparer(tx).prepare(kind, input, who)
      return new RecordWriter(tx).write(prepared, who.id)
    })
  }

  /** `PUT /api/InstrumentTest/Record/{id}`: Problem Report records only. */
  edit(recordId: number, input: SubmissionInput, who: Submitter, idempotencyKey?: string) {
    return idempotent(this.db, who.id, idempotencyKey, `edit:${recordId}`, async (tx) => {
      const [existing] = await tx
        .select({
          category: records.category,
          supplierId: records.supplierId,
          productId: records.productId,
          layoutVersion: records.layoutVersion,
        })
        .from(records)
        .where(eq(records.id, recordId))
      if (!existing) throw notFound(RECORD_MESSAGES.recordNotFound(recordId))
      if (who.view === 'supplier' && existing.supplierId !== who.claims.AssetManufacturerView)
        throw forbidden(RECORD_MESSAGES.notOwnSupplier)
      if (existing.category !== 'problemReport') throw badRequest(RECORD_MESSAGES.notProblemReport)
      // Checked against the layout revision the record was captured with (DESIGN.md §5), which it keeps.
      const prepared = await new SubmissionPreparer(tx).prepare('single', input, who, {
        layoutRevision: existing.layoutVersion,
      })
      if (prepared.definition.category !== 'problemReport') throw badRequest(RECORD_MESSAGES.notProblemReport)
      return new RecordWriter(tx).update(recordId, existing.productId, prepared, who.id)
    })
  }
}
