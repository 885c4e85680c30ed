import type { FromSchema } from 'json-schema-to-ts'
import { closedBody } from '../entities/closed-body'

/**
 * Review and approval of records (issue #19): a record type's policy, a record's review state, the
 * transitions between states and the texts of every refusal. The server enforces the rule below; the SPA
 * reads the same rule to show only the buttons a user may press.
 */

/** A record type's review policy: none (a record counts once saved), one step, or two steps. */
export const REVIEW_POLICIES = ['none', 'review', 'review-and-approve'] as const
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number]

/** How the record type editor names each policy. */
export const REVIEW_POLICY_LABELS: Record<ReviewPolicy, string> = {
  none: 'No review',
  review: 'Review',
  'review-and-approve': 'Review and approve',
}

/**
 * A record's review state. 'none': its type needed no review when it was saved, so it counts like an
 * approved record; 'submitted' and 'reviewed' wait; 'rejected' went back to its submitter.
 */
export const REVIEW_STATES = ['none', 'submitted', 'reviewed', 'approved', 'rejected'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** States in which a record counts for its product (CurrentStatus, DateOfLastRecord). */
export const COUNTING_STATES: readonly ReviewState[] = ['none', 'approved']
/** States in which a record waits for a reviewer or an approver. */
export const WAITING_STATES: readonly ReviewState[] = ['submitted', 'reviewed']

/** How the app shows each state (the /Records Status column, the record view). */
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  none: 'No review',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  approved: 'Approved',
  rejected: 'Rejected',
}

/** What a reviewer or approver does to a record. */
export const REVIEW_ACTIONS = ['review', 'approve', 'reject'] as const
export type ReviewAction = (typeof REVIEW_ACTIONS)[number]

/** The state a new (or resubmitted) record of a type with this policy starts in. */
export const initialReviewState = (policy: ReviewPolicy | null | undefined): ReviewState =>
  !policy || policy === 'none' ? 'none' : 'submitted'

/** Who is doing a transition, as the rule needs to know it. */
export interface ReviewActor {
  userId: number
  mayReview: boolean
  mayApprove: boolean
}

/** The record as the rule needs to know it. */
export interface ReviewSubject {
  policy: ReviewPolicy
  state: ReviewState
  submittedBy: number | null
  /** Who last amended it in place (a Problem Report PUT): like its submitter, not its reviewer or approver. */
  amendedBy: number | null
  /** Who reviewed it (two-step policy): the approver must be someone else. */
  reviewedBy: number | null
}

/** Texts of review refusals and answers (ours). */
export const REVIEW_MESSAGES = {
  noReviewNeeded: 'This record needs no review.',
  wrongState: (state: ReviewState, action: ReviewAction) =>
    `This record is ${REVIEW_STATE_LABELS[state].toLowerCase()}; it cannot be ${ACTION_PAST[action]} now.`,
  notReviewer: 'You are not a reviewer (ITRReviewer).',
  notApprover: 'You are not an approver (ITRApprover).',
  ownRecord: 'You cannot review or approve your own record.',
  ownReview: 'You reviewed this record; another approver must approve it.',
  ownAmendment: 'You amended this record; someone else must review or approve it.',
  commentRequired: 'A comment is required to reject a record.',
  conflict: 'Someone else changed this record first; reload it to see its state.',
  otherSubmitter: 'Only the submitter of a rejected record can amend it.',
  /** The transition's comment when `npm run rejudge -- --apply` corrects a reviewed or approved verdict. */
  rejudged: (stored: string, judged: string) =>
    `The server's judge corrected the verdict from ${stored} to ${judged}; review it again.`,
  badAction: (action: string) => `Unknown review action ${action}.`,
} as const

const ACTION_PAST: Record<ReviewAction, string> = {
  review: 'reviewed',
  approve: 'approved',
  reject: 'rejected',
}

/** The outcome of asking the rule: the next state, or the refusal's status and text. */
export type TransitionOutcome =
  { ok: true; to: ReviewState } | { ok: false; status: 400 | 403 | 409; message: string }

const refuse = (status: 400 | 403 | 409, message: string): TransitionOutcome => ({
  ok: false,
  status,
  message,
})

/**
 * The review rule: from which state each action may go, who may do it, and segregation of duties (nobody
 * reviews or approves a record they submitted or amended; in two steps the approver is not the reviewer). A reject needs a
 * comment. Wrong state is a 409 (the record moved on), wrong role or own record a 403.
 */
export function nextReviewState(
  subject: ReviewSubject,
  action: ReviewAction,
  actor: ReviewActor,
  comment: string | null | undefined,
): TransitionOutcome {
  // A record saved while its type needed no review counts as it is, whatever the policy is now.
  if (subject.state === 'none') return refuse(400, REVIEW_MESSAGES.noReviewNeeded)
  const step = stepOf(subject)
  if (!step) return refuse(409, REVIEW_MESSAGES.wrongState(subject.state, action))
  if (action === 'review' && step !== 'review')
    return refuse(409, REVIEW_MESSAGES.wrongState(subject.state, action))
  if (action === 'approve' && step !== 'approve')
    return refuse(409, REVIEW_MESSAGES.wrongState(subject.state, action))
  if (step === 'review' && !actor.mayReview) return refuse(403, REVIEW_MESSAGES.notReviewer)
  if (step === 'approve' && !actor.mayApprove) return refuse(403, REVIEW_MESSAGES.notApprover)
  if (subject.submittedBy !== null && subject.submittedBy === actor.userId)
    return refuse(403, REVIEW_MESSAGES.ownRecord)
  if (subject.amendedBy !== null && subject.amendedBy === actor.userId)
    return refuse(403, REVIEW_MESSAGES.ownAmendment)
  if (step === 'approve' && subject.reviewedBy === actor.userId) return refuse(403, REVIEW_MESSAGES.ownReview)
  if (action === 'reject') {
    if (!comment || !comment.trim()) return refuse(400, REVIEW_MESSAGES.commentRequired)
    return { ok: true, to: 'rejected' }
  }
  if (action === 'review') return { ok: true, to: subject.policy === 'review' ? 'approved' : 'reviewed' }
  return { ok: true, to: 'approved' }
}

/**
 * Which step a waiting record is at: a submitted record is reviewed (with a one-step policy the review
 * approves it), a reviewed one approved. Null when it waits for nobody.
 */
function stepOf(subject: ReviewSubject): 'review' | 'approve' | null {
  if (subject.state === 'submitted') return 'review'
  if (subject.state === 'reviewed') return 'approve'
  return null
}

/** The actions a user may take on a record now (the buttons the SPA shows). */
export function allowedReviewActions(subject: ReviewSubject, actor: ReviewActor): ReviewAction[] {
  return REVIEW_ACTIONS.filter((a) => nextReviewState(subject, a, actor, 'comment').ok)
}

/** Body of `POST {data}/api/InstrumentTestRecord/Record/{id}/review`. */
export const reviewTransitionSchema = {
  type: 'object',
  required: ['action'],
  ...closedBody('review', {
    action: { type: 'string', enum: [...REVIEW_ACTIONS] },
    comment: { type: ['string', 'null'], maxLength: 2000 },
  } as const),
} as const

export type ReviewTransitionBody = FromSchema<typeof reviewTransitionSchema>

/** One stored transition of a record (who, when, from, to, comment). */
export const reviewTransitionItemSchema = {
  type: 'object',
  required: ['from', 'to', 'at'],
  properties: {
    from: { type: 'string', enum: [...REVIEW_STATES] },
    to: { type: 'string', enum: [...REVIEW_STATES] },
    by: { type: ['string', 'null'] },
    at: { type: 'string' },
    comment: { type: ['string', 'null'] },
    /** The record's content revision the transition was made on. */
    revision: { type: 'integer' },
  },
} as const

export type ReviewTransitionItem = FromSchema<typeof reviewTransitionItemSchema>

/** A record's review as the record view shows it. */
export const recordReviewSchema = {
  type: 'object',
  required: ['policy', 'state', 'transitions', 'actions'],
  properties: {
    policy: { type: 'string', enum: [...REVIEW_POLICIES] },
    state: { type: 'string', enum: [...REVIEW_STATES] },
    /** The record's content revision now: 1 as stored, one more at each edit in place. */
    revision: { type: 'integer' },
    submittedBy: { type: ['string', 'null'] },
    /** The newer record of the same product and record type that superseded this one (re-test chain). */
    supersededBy: { type: ['integer', 'null'] },
    transitions: { type: 'array', items: reviewTransitionItemSchema },
    /** What the caller may do now. */
    actions: { type: 'array', items: { type: 'string', enum: [...REVIEW_ACTIONS] } },
    /** Whether the caller may amend it (its submitter, while rejected). */
    mayAmend: { type: 'boolean' },
  },
} as const

export type RecordReview = FromSchema<typeof recordReviewSchema>
