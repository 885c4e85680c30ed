import type { FastifyPluginAsync } from 'fastify'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import {
  recordReviewSchema,
  RECORD_MESSAGES,
  reviewTransitionSchema,
  type ReviewTransitionBody,
} from '../../schemas/records/index'
import { positiveId, textParams } from '../http-params'
import { expectedRevisionOf, ifMatchHeader } from '../if-match'
import { ReviewsRepository } from './reviews'

const tags = ['records']

/**
 * Review and approval of records (issue #19) on {data}. Every view that reads records is admitted; who may
 * review or approve follows from the claims (ITRReviewer, ITRApprover, IsAdmin) and is checked with the
 * record, so a refusal names its reason (wrong state, wrong role, own record).
 */
const reviewRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    '/api/InstrumentTestRecord/Record/:id/review',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: "A record's review: policy, state, transitions and the actions the caller may take.",
        params: textParams('id'),
        response: { 200: recordReviewSchema },
      },
    },
    async (request) =>
      new ReviewsRepository(request.db).review(
        positiveId(request.params.id, RECORD_MESSAGES.recordNotFound),
        request.user,
      ),
  )

  app.post<{ Params: { id: string }; Body: ReviewTransitionBody }>(
    '/api/InstrumentTestRecord/Record/:id/review',
    {
      config: { views: RECORD_READ_VIEWS, audit: 'record' },
      schema: {
        tags,
        summary: 'Reviews, approves or rejects a record (issue #19).',
        description:
          'action review | approve | reject; a reject needs a comment. A submitted record is reviewed (with the ' +
          'one-step policy the review approves it), a reviewed one approved; either may be rejected. Refused: ' +
          'wrong state (409), wrong role or own record (403), a record outside the read scope (404), a reject ' +
          'without comment (400). Of two concurrent transitions one wins; the other gets 409. With If-Match ' +
          'naming the revision the caller saw, a decision on a record changed since is refused with 409.',
        headers: ifMatchHeader("The record's revision"),
        params: textParams('id'),
        body: reviewTransitionSchema,
        response: { 200: recordReviewSchema },
      },
    },
    async (request) =>
      new ReviewsRepository(request.db).transition(
        positiveId(request.params.id, RECORD_MESSAGES.recordNotFound),
        request.body.action,
        request.body.comment,
        request.user,
        expectedRevisionOf(request, RECORD_MESSAGES.badIfMatch),
      ),
  )
}

export default reviewRoutes
