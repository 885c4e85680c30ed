import { and, asc, desc, eq } from 'drizzle-orm'
import { canApproveRecords, canReviewRecords } from '../../schemas/roles'
import {
  allowedReviewActions,
  nextReviewState,
  RECORD_MESSAGES,
  REVIEW_MESSAGES,
  type RecordReview,
  type ReviewAction,
  type ReviewActor,
  type ReviewPolicy,
  type ReviewState,
  type ReviewSubject,
} from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { dataPointTypes, records, recordTransitions, users } from '../db/schema/index'
import { conflict, HttpError, notFound } from '../http-error'
import { ImpactAssessment } from '../impact-cases/assessment'
import { lockProducts, refreshLockedSummaries } from '../products/product-summaries'
import { refreshChains } from './chain'

/** The record as a transition needs it, read under the caller's scope. */
interface ReviewedRecord extends ReviewSubject {
  id: number
  productId: number | null
  supersededById: number | null
  /** The content's revision (records.revision). */
  revision: number
}

/** Whether a transition to `to` changes how firmly the record stands in its re-test chain (chain.ts). */
const relinks = (to: ReviewState) => to === 'approved' || to === 'rejected'

/** The caller as the review rule sees it (admins may do both steps). */
export const actorOf = (viewer: Viewer): ReviewActor => ({
  userId: viewer.id,
  mayReview: canReviewRecords(viewer.claims),
  mayApprove: canApproveRecords(viewer.claims),
})

/**
 * Review and approval of records (issue #19): the transitions and a record's review as the record view
 * shows it. Every read is scoped like `GET Record/{id}` (another supplier's record is a 404), and a
 * transition decides on the record's row locked, so of two concurrent ones exactly one wins and the other
 * is told it lost (409), and an amendment racing it is seen (audit s8d D5).
 */
export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reviews, approves or rejects a record; answers its review afterwards. `expected`: the content revision
   * the caller saw (If-Match); a decision on content changed since is refused, so nobody approves a
   * revision they did not see.
   */
  async transition(
    recordId: number,
    action: ReviewAction,
    comment: string | null | undefined,
    viewer: Viewer,
    expected?: number,
  ): Promise<RecordReview> {
    // The rule is asked on a plain read first (a refusal needs no lock of its own); the audit wrapper has
    // already queued this request behind other writers of the record's product (route-audit.ts).
    const seen = await this.record(recordId, viewer)
    const planned = this.decide(seen, action, comment, viewer)
    // An approval changes its product's summary, and an approval or a rejection its re-test chain (a record
    // supersedes a counting one only once it counts, chain.ts): the product is locked first, as every
    // writer does (products, then records), so this cannot deadlock with a new record relinking the chain.
    const locked = await lockProducts(this.db, relinks(planned) ? [seen.productId] : [])
    // Audit s8d D5: the rule runs again on the record locked, as an in-place amendment (which reads it
    // the same way) left it: its amender is refused here, not let through by a stale read.
    const record = await this.record(recordId, viewer, true)
    // Another transition committed between our reads (or an edit moved the record): it won.
    if (record.state !== seen.state || record.productId !== seen.productId)
      throw conflict(REVIEW_MESSAGES.conflict)
    const to = this.decide(record, action, comment, viewer)
    // The policy changed meanwhile: what was locked (or not) no longer fits; answered like a lost race.
    if (to !== planned) throw conflict(REVIEW_MESSAGES.conflict)
    // Checked on the locked row: an edit committed after the caller loaded the record is seen here.
    if (expected !== undefined && expected !== record.revision)
      throw conflict(RECORD_MESSAGES.changedSince(record.revision))
    await this.db
      .update(records)
      .set({ reviewState: to, reviewChangedAt: new Date() })
      .where(eq(records.id, recordId))
    await this.db.insert(recordTransitions).values({
      recordId,
      fromState: record.state,
      toState: to,
      byUserId: viewer.id || null,
      comment: comment?.trim() || null,
      revision: record.revision,
    })
    // Only an approval changes what counts for the product; the others leave it as it was.
    if (to === 'approved') await refreshLockedSummaries(this.db, locked)
    // Audit walk F4: the record now counts (it supersedes the older counting one) or is rejected (it
    // supersedes no waiting one); a review to 'reviewed' leaves it waiting, its chain as it was.
    if (relinks(to)) await refreshChains(this.db, locked)
    // Issue #15.3: a record clears a retest only once it counts (approved here); a waiting or rejected
    // one never does.
    await new ImpactAssessment(this.db, viewer.id || null).afterReview(recordId, to === 'approved')
    return this.review(recordId, viewer)
  }

  /** The state `action` moves `record` to, or the rule's refusal. */
  private decide(
    record: ReviewedRecord,
    action: ReviewAction,
    comment: string | null | undefined,
    viewer: Viewer,
  ): ReviewState {
    const outcome = nextReviewState(record, action, actorOf(viewer), comment)
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.message)
    return outcome.to
  }

  /**
   * A resubmission (an amended record's content replaced): back to submitted, with its transition, made on
   * the record's new `revision`.
   */
  async resubmitted(
    recordId: number,
    from: ReviewState,
    to: ReviewState,
    userId: number,
    revision: number,
  ): Promise<void> {
    if (from === to && to === 'none') return
    await this.db
      .insert(recordTransitions)
      .values({ recordId, fromState: from, toState: to, byUserId: userId, revision })
  }

  /** A record's review: state, policy, history, and what the caller may do now. */
  async review(recordId: number, viewer: Viewer): Promise<RecordReview> {
    const record = await this.record(recordId, viewer)
    const history = await this.db
      .select({
        from: recordTransitions.fromState,
        to: recordTransitions.toState,
        by: users.username,
        at: recordTransitions.at,
        comment: recordTransitions.comment,
        revision: recordTransitions.revision,
      })
      .from(recordTransitions)
      .leftJoin(users, eq(users.id, recordTransitions.byUserId))
      .where(eq(recordTransitions.recordId, recordId))
      .orderBy(asc(recordTransitions.id))
    const [submitter] = record.submittedBy
      ? await this.db.select({ name: users.username }).from(users).where(eq(users.id, record.submittedBy))
      : []
    return {
      policy: record.policy,
      state: record.state,
      revision: record.revision,
      submittedBy: submitter?.name ?? null,
      supersededBy: record.supersededById,
      transitions: history.map((h) => ({
        from: h.from as ReviewState,
        to: h.to as ReviewState,
        by: h.by,
        at: h.at.toISOString(),
        comment: h.comment,
        revision: h.revision,
      })),
      actions: allowedReviewActions(record, actorOf(viewer)),
      mayAmend: record.state === 'rejected' && record.submittedBy === viewer.id,
    }
  }

  /**
   * The record under the caller's read scope, or 404 like the record read; `lock`: its row locked for the
   * rest of the transaction (only the record's: the record type's row stays free).
   */
  private async record(recordId: number, viewer: Viewer, lock = false): Promise<ReviewedRecord> {
    const query = this.db
      .select({
        id: records.id,
        state: records.reviewState,
        policy: dataPointTypes.reviewPolicy,
        submittedBy: records.createdBy,
        amendedBy: records.updatedBy,
        productId: records.productId,
        supersededById: records.supersededById,
        revision: records.revision,
      })
      .from(records)
      .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
      .where(and(eq(records.id, recordId), viewer.recordScope()))
      .$dynamic()
    const [row] = await (lock ? query.for('no key update', { of: records }) : query)
    if (!row) throw notFound(RECORD_MESSAGES.recordNotFound(recordId))
    const [reviewed] = await this.db
      .select({ by: recordTransitions.byUserId })
      .from(recordTransitions)
      .where(and(eq(recordTransitions.recordId, recordId), eq(recordTransitions.toState, 'reviewed')))
      .orderBy(desc(recordTransitions.id))
      .limit(1)
    return {
      ...row,
      state: row.state as ReviewState,
      policy: row.policy as ReviewPolicy,
      reviewedBy: reviewed?.by ?? null,
    }
  }
}
