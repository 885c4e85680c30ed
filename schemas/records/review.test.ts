import { describe, expect, it } from 'vitest'
import { allowedReviewActions, nextReviewState, type ReviewSubject } from './review'

const reviewer = { userId: 2, mayReview: true, mayApprove: false }
const approver = { userId: 3, mayReview: false, mayApprove: true }
const admin = { userId: 4, mayReview: true, mayApprove: true }
const subject = (over: Partial<ReviewSubject> = {}): ReviewSubject => ({
  policy: 'review-and-approve',
  state: 'submitted',
  submittedBy: 1,
  amendedBy: null,
  reviewedBy: null,
  ...over,
})

describe('the review rule (issue #19)', () => {
  it('moves submitted → reviewed → approved in two steps, submitted → approved in one', () => {
    expect(nextReviewState(subject(), 'review', reviewer, null)).toEqual({ ok: true, to: 'reviewed' })
    expect(nextReviewState(subject({ state: 'reviewed', reviewedBy: 2 }), 'approve', approver, null)).toEqual(
      {
        ok: true,
        to: 'approved',
      },
    )
    expect(nextReviewState(subject({ policy: 'review' }), 'review', reviewer, null)).toEqual({
      ok: true,
      to: 'approved',
    })
  })

  it('rejects at either step, with a comment only', () => {
    expect(nextReviewState(subject(), 'reject', reviewer, 'why').ok).toBe(true)
    expect(nextReviewState(subject({ state: 'reviewed' }), 'reject', approver, 'why').ok).toBe(true)
    expect(nextReviewState(subject(), 'reject', reviewer, ' ')).toMatchObject({ ok: false, status: 400 })
  })

  it('refuses wrong state, wrong role, own record and the reviewer approving', () => {
    expect(nextReviewState(subject(), 'approve', approver, null)).toMatchObject({ status: 409 })
    expect(nextReviewState(subject({ state: 'approved' }), 'reject', admin, 'x')).toMatchObject({
      status: 409,
    })
    expect(nextReviewState(subject(), 'review', approver, null)).toMatchObject({ status: 403 })
    expect(nextReviewState(subject({ submittedBy: 2 }), 'review', reviewer, null)).toMatchObject({
      status: 403,
      message: 'You cannot review or approve your own record.',
    })
    expect(nextReviewState(subject({ amendedBy: 2 }), 'review', reviewer, null)).toMatchObject({
      status: 403,
      message: 'You amended this record; someone else must review or approve it.',
    })
    expect(
      nextReviewState(subject({ state: 'reviewed', reviewedBy: 2, amendedBy: 3 }), 'approve', approver, null),
    ).toMatchObject({
      status: 403,
      message: 'You amended this record; someone else must review or approve it.',
    })
    expect(allowedReviewActions(subject({ amendedBy: 2 }), reviewer)).toEqual([])
    expect(
      nextReviewState(subject({ state: 'reviewed', reviewedBy: 4 }), 'approve', admin, null),
    ).toMatchObject({ status: 403 })
    expect(nextReviewState(subject({ state: 'none', policy: 'none' }), 'review', admin, null)).toMatchObject({
      status: 400,
      message: 'This record needs no review.',
    })
  })

  it('offers only the actions a user may take now', () => {
    expect(allowedReviewActions(subject(), reviewer)).toEqual(['review', 'reject'])
    expect(allowedReviewActions(subject(), approver)).toEqual([])
    expect(allowedReviewActions(subject({ state: 'reviewed', reviewedBy: 2 }), admin)).toEqual([
      'approve',
      'reject',
    ])
  })
})
