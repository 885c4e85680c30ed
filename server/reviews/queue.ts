import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { canApproveRecords, canReviewRecords } from '../../schemas/roles'
import { RECORD_MESSAGES, REVIEW_STATES, type RecordsFilter } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import { recordTransitions, records } from '../db/schema/index'
import { badRequest } from '../http-error'

/**
 * The records filter's review fields (issue #19): `status`, `superseded` and `queue`. The first two are
 * plain conditions; 'My queue' depends on who asks, so it is built with the caller's Viewer.
 */

/** `status`: records in any of the named review states. */
export function statusCondition(values: string[]): SQL {
  const words = values.map((v) => v.toLowerCase())
  const states = REVIEW_STATES.filter((s) => words.includes(s))
  if (states.length !== new Set(words).size)
    throw badRequest(RECORD_MESSAGES.badFilterShape(`status must be one of ${REVIEW_STATES.join(', ')}`))
  return inArray(records.reviewState, states)
}

/** `superseded`: 'false' hides superseded records (the /Records default), 'true' lists only them. */
export function supersededCondition(values: string[]): SQL | undefined {
  const word = values[0].toLowerCase()
  if (word === 'false') return isNull(records.supersededById)
  if (word === 'true') return sql`${records.supersededById} IS NOT NULL`
  throw badRequest(RECORD_MESSAGES.badFilterShape('superseded must be true or false'))
}

/** Checks a `queue` value: only 'mine' exists. */
export function checkQueue(values: string[]): void {
  if (values.some((v) => v.toLowerCase() !== 'mine'))
    throw badRequest(RECORD_MESSAGES.badFilterShape('queue must be mine'))
}

/**
 * 'My queue': what waits for the caller — records to review (a reviewer or admin, not their own), records
 * to approve (an approver or admin, neither their own nor reviewed by them) and their own rejected records
 * not yet amended (superseded). Always within the caller's read scope, which the page adds.
 */
export function queueCondition(viewer: Viewer): SQL {
  // Neither submitted nor amended by the caller (schemas/records/review.ts nextReviewState).
  const notMine = and(
    or(isNull(records.createdBy), ne(records.createdBy, viewer.id)),
    or(isNull(records.updatedBy), ne(records.updatedBy, viewer.id)),
  )
  const parts: SQL[] = [
    and(
      eq(records.reviewState, 'rejected'),
      eq(records.createdBy, viewer.id),
      isNull(records.supersededById),
    )!,
  ]
  if (canReviewRecords(viewer.claims)) parts.push(and(eq(records.reviewState, 'submitted'), notMine)!)
  if (canApproveRecords(viewer.claims))
    parts.push(
      and(
        eq(records.reviewState, 'reviewed'),
        notMine,
        sql`NOT EXISTS (SELECT 1 FROM ${recordTransitions} t WHERE t.record_id = ${records.id}
          AND t.to_state = 'reviewed' AND t.by_user_id = ${viewer.id})`,
      )!,
    )
  return or(...parts)!
}

/** The `queue` entries of a filter, as conditions for this caller. */
export function queueConditions(filter: RecordsFilter, viewer: Viewer): SQL[] {
  const wanted = (filter.filters ?? []).some(
    (f) => f.field.toLowerCase() === 'queue' && String(f.value ?? '').trim() !== '',
  )
  return wanted ? [queueCondition(viewer)] : []
}
