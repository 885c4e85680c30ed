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
import { lockProductOfRecord } from '../products/product-summaries'
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { idempotencyKeys, recordTestEquipment, records } from '../db/schema/index'
import { RecordWriter } from './write/record-writer'
import { rowsOf } from './write/sql-batch'
import type { RecordDefinitionCache } from '../record-types/record-definitions'
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

/** `work` in `db`'s transaction: the one already open (an audited route's), else a new one. */
function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // A nested drizzle transaction would be a savepoint, two more statements, with nothing to roll back to.
  const open: unknown = db
  return open instanceof PgTransaction ? work(db) : db.transaction((tx) => work(tx as unknown as Db))
}

/** What a stored Idempotency-Key answers: the call it was used for, its request's hash, its answer. */
interface StoredKey {
  route: string
  request_hash: string
  response: unknown
}

/**
 * Whether the caller's Idempotency-Key has a committed answer: such a call replays it or is refused
 * without doing any work, so it need not queue behind other work first (a CSV upload's replay behind
 * another upload of its type, audit s10 C1). A claim still uncommitted is not seen here; `idempotent`
 * waits for it.
 */
export async function keyAnswered(db: Db, userId: number, key: string | undefined): Promise<boolean> {
  if (!key) return false
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`SELECT 1 AS one FROM ${idempotencyKeys} WHERE user_id = ${userId} AND key = ${key}`),
  )
  return rows.length > 0
}

/**
 * Runs `work` in one transaction. With an Idempotency-Key the answer is stored in the same transaction,
 * with a hash of the request; a retry of the same request finds and returns it instead of storing twice,
 * while the key reused with another body is refused with 422 (its new data would otherwise be silently
 * dropped). The key's row is claimed first, by an insert that does nothing on conflict: a retry racing
 * the first call waits at that insert (on the primary key) until the first one ends — then finds the row
 * if it committed, or claims the key itself if it rolled back. The claimed row gets its answer at the
 * end; both commit or roll back with the work, so no other transaction ever sees a claim without its
 * answer, and no savepoint or lock is needed (issue #17.1: two statements on the way, not three).
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
    const claimed = rowsOf<{ claimed: number }>(
      await tx.execute(sql`INSERT INTO ${idempotencyKeys}
          (user_id, key, route, request_hash, status_code, response)
        VALUES (${userId}, ${key}, ${route}, ${hash}, 200, 'null'::jsonb)
        ON CONFLICT (user_id, key) DO NOTHING RETURNING 1 AS claimed`),
    )
    if (claimed.length === 0) {
      // A statement of its own: it reads what committed before it started, so the first call's row.
      const [row] = rowsOf<StoredKey>(
        await tx.execute(sql`SELECT route, request_hash, response FROM ${idempotencyKeys}
          WHERE user_id = ${userId} AND key = ${key}`),
      )
      if (row.route !== route) throw conflict(RECORD_MESSAGES.idempotencyOtherCall)
      if (row.request_hash !== hash) throw unprocessable(RECORD_MESSAGES.idempotencyOtherRequest)
      return row.response as T
    }
    const result = await work(tx)
    // Plain SQL like the claim above: the update builder's rendering was ~0.1 ms of every keyed call.
    await tx.execute(sql`UPDATE ${idempotencyKeys} SET response = ${JSON.stringify(result)}::jsonb
      WHERE user_id = ${userId} AND key = ${key}`)
    return result
  })
}

/** A record's data keys, as the database lists them (not the data itself, which may be large). */
const DATA_KEYS = sql<string[]>`(SELECT coalesce(jsonb_agg(k), '[]'::jsonb)
  FROM jsonb_object_keys(${records.data}) AS k)`
/**
 * The documents a record's data names, each with the variable that holds it: `[variable, saved name]` for
 * every Document object (or bare text, as CSV rows store uploads) at the data's top level, alone or in a
 * list. A document stays in its variable as it was accepted (docs/decisions.md "A record's documents are
 * checked when the record is submitted"); the database lists them, not the data itself.
 */
const HELD_DOCUMENTS = sql<[string, string][]>`(SELECT coalesce(jsonb_agg(jsonb_build_array(e.key,
    CASE jsonb_typeof(d) WHEN 'object' THEN d->>'savedFilename' ELSE d #>> '{}' END)), '[]'::jsonb)
  FROM jsonb_each(${records.data}) AS e,
    jsonb_array_elements(CASE jsonb_typeof(e.value) WHEN 'array' THEN e.value ELSE jsonb_build_array(e.value) END) AS d
  WHERE jsonb_typeof(d) = 'string' OR (jsonb_typeof(d) = 'object' AND jsonb_typeof(d->'savedFilename') = 'string'))`

/** Record submissions of SPEC §7 ({submission}): each one transaction, all side effects or none. */
export class SubmissionsRepository {
  /** `definitions`: the database's record definitions kept across requests (see RecordDefinitionCache). */
  constructor(
    private readonly db: Db,
    private readonly definitions?: RecordDefinitionCache,
  ) {}

  /** `revisionOf`: the record this one revises (`?revisionOf=`), whose fields it may carry forward. */
  submit(
    kind: SubmissionKind,
    input: SubmissionInput,
    who: Viewer,
    idempotencyKey?: string,
    revisionOf?: number,
  ): Promise<SubmissionResult> {
    // The revised record is part of the request: the key reused for a revision of another record is 422.
    const request = revisionOf === undefined ? input : { input, revisionOf }
    return idempotent(this.db, who.id, idempotencyKey, kind, request, async (tx) => {
      const held = revisionOf === undefined ? undefined : await heldBy(tx, revisionOf, input, who)
      const prepared = await new SubmissionPreparer(tx, this.definitions).prepare(kind, input, who, {
        heldFields: held?.fields,
        heldDocuments: held?.documents,
      })
      return new RecordWriter(tx).write(prepared, who.id)
    })
  }

  /**
   * `PUT /api/InstrumentTest/Record/{id}`: Problem Report records only. `expected`: the revision the editor
   * loaded (If-Match); an edit of a record changed since is refused, so two editors never overwrite each
   * other's change unseen.
   */
  edit(recordId: number, input: SubmissionInput, who: Viewer, idempotencyKey?: string, expected?: number) {
    // The revision named is part of the request: the key reused with another If-Match is another request
    // (422), not a replay of the first one's answer.
    const request = expected === undefined ? input : { input, ifMatch: expected }
    return idempotent(this.db, who.id, idempotencyKey, `edit:${recordId}`, request, async (tx) => {
      // Audit s8d D5: the record is read locked, so a review or approval racing this edit either commits
      // first (and is replaced below by the resubmission) or waits and then sees who amended it. Its
      // product first: every writer locks products before records (product-summaries.ts).
      await lockProductOfRecord(tx, recordId)
      const [existing] = await tx
        .select({
          category: records.category,
          recordTypeId: records.recordTypeId,
          productTypeId: records.productTypeId,
          supplierId: records.supplierId,
          productId: records.productId,
          layoutVersion: records.layoutVersion,
          parameters: records.parameters,
          reviewState: records.reviewState,
          createdBy: records.createdBy,
          revision: records.revision,
          fields: DATA_KEYS,
          documents: HELD_DOCUMENTS,
        })
        .from(records)
        // Exactly the read scope of GET Record/{id} (supplier and ITRViewer categories): a record the
        // caller cannot read is answered 404 like the read, never overwritten blind (issue #11.2).
        .where(and(eq(records.id, recordId), who.recordScope()))
        .for('no key update')
      if (!existing) throw notFound(RECORD_MESSAGES.recordNotFound(recordId))
      if (existing.category !== 'problemReport') throw badRequest(RECORD_MESSAGES.notProblemReport)
      const preparer = new SubmissionPreparer(tx, this.definitions)
      // A product type the caller cannot read is answered as its read answers it (404), first.
      await preparer.assertProductTypeVisible(input, who)
      // An edit changes what the record says, never what it is: checked before the layout revision it
      // was captured with is applied, which belongs to its own record type.
      if (input.recordTypeId !== existing.recordTypeId)
        throw badRequest(RECORD_MESSAGES.editKeeps(recordId, 'record type'))
      if ((input.productTypeId ?? null) !== existing.productTypeId)
        throw badRequest(RECORD_MESSAGES.editKeeps(recordId, 'product type'))
      // Issue #19: a rejected record goes back to its submitter, who amends it.
      if (existing.reviewState === 'rejected' && existing.createdBy !== who.id)
        throw forbidden(REVIEW_MESSAGES.otherSubmitter)
      // After every refusal that reloading would not change: only then is the caller told to reload.
      if (expected !== undefined && expected !== existing.revision)
        throw conflict(RECORD_MESSAGES.changedSince(existing.revision))
      const frozen = await tx
        .select({ snapshot: recordTestEquipment.snapshot })
        .from(recordTestEquipment)
        .where(eq(recordTestEquipment.recordId, recordId))
      // Checked against the layout revision the record was captured with (DESIGN.md §5), which it keeps.
      const prepared = await preparer.prepare('single', input, who, {
        layoutRevision: existing.layoutVersion,
        // The parameters it was judged with, so a later parameter edit never changes its verdict.
        parameters: existing.parameters,
        // Its devices keep what was true when they were used (issue #15.2).
        equipmentSnapshots: frozen.flatMap((f) => (f.snapshot ? [f.snapshot] : [])),
        // The form sends back every field it loaded: one the record holds outside its layout stays.
        heldFields: existing.fields,
        // Its documents stay as they were accepted.
        heldDocuments: existing.documents,
      })
      if (prepared.definition.category !== 'problemReport') throw badRequest(RECORD_MESSAGES.notProblemReport)
      // The supplier as the preparer resolved it (a supplier user's own when the body leaves it out).
      if (prepared.supplierId !== existing.supplierId)
        throw badRequest(RECORD_MESSAGES.editKeeps(recordId, 'supplier'))
      const result = await new RecordWriter(tx).update(recordId, existing.productId, prepared, who.id)
      // Issue #19: an amended record of a reviewed type waits for its review again; the history says so.
      const state = initialReviewState(prepared.definition.reviewPolicy)
      if (existing.reviewState !== 'none' || state !== 'none')
        await new ReviewsRepository(tx).resubmitted(
          recordId,
          existing.reviewState as ReviewState,
          state,
          who.id,
          existing.revision + 1,
        )
      return result
    })
  }
}

/**
 * The fields of the record a submission revises (`?revisionOf=`), which the new record may carry forward
 * (docs/decisions.md "Record data holds the form's fields"), read within the caller's read scope. A
 * revision is of the same record type as the record it revises: another type's record is refused (400),
 * since the audit trail would otherwise list the new record in an unrelated record's history (audit
 * s10 h1-1); one the caller cannot read is not found.
 */
async function heldBy(tx: Db, recordId: number, input: SubmissionInput, who: Viewer) {
  const [revised] = await tx
    .select({ recordTypeId: records.recordTypeId, fields: DATA_KEYS, documents: HELD_DOCUMENTS })
    .from(records)
    .where(and(eq(records.id, recordId), who.recordScope()))
  if (!revised) throw notFound(RECORD_MESSAGES.recordNotFound(recordId))
  if (revised.recordTypeId !== input.recordTypeId)
    throw badRequest(RECORD_MESSAGES.revisionOfOtherType(recordId))
  return revised
}
