import type { RecordSubmission, SubmissionResult } from '../../schemas/records'
import { api, ApiError } from './client'

/** Where a submission goes (SPEC §7 Submission): by category, and PUT for an edited Problem Report. */
export type SubmitRoute = 'upload-single' | 'calibration' | 'despatch' | 'edit'

/**
 * One save. The Idempotency-Key makes the server answer a resent request (a retry after refreshing an
 * expired token, or the outbox sending it again after a lost answer) with the first answer instead of
 * storing the record twice. An edit names the record revision it was made on (If-Match), so an edit of a
 * record someone else changed since (`recordRevision`) is refused instead of overwriting their change.
 */
export function submitRecord(
  route: SubmitRoute,
  body: RecordSubmission,
  recordId: number | undefined,
  key: string,
  recordRevision?: number,
): Promise<SubmissionResult> {
  const headers = { 'Idempotency-Key': key }
  if (route === 'edit')
    return api.put<SubmissionResult>('submission', `/api/InstrumentTest/Record/${recordId}`, body, {
      headers: recordRevision == null ? headers : { ...headers, 'If-Match': `"${recordRevision}"` },
    })
  // Other edited records are stored as a new record that names the one it revises (the audit trail links
  // the two, so the history of either shows both).
  const revision = recordId != null ? `?revisionOf=${recordId}` : ''
  return api.post<SubmissionResult>('submission', `/api/InstrumentTest/${route}/${revision}`, body, {
    headers,
  })
}

/**
 * The server could not be reached (no network, or a gateway answering for it): the submission waits in the
 * outbox (issue #18.2). A refusal by the server itself (4xx, 500) is an answer, not this.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.status === undefined || error.status === 502 || error.status === 503 || error.status === 504
}
