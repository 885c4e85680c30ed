import { useState } from 'react'
import type { RecordReview, ReviewAction } from '../../../schemas/records'
import { api, describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'

const path = (id: number | string) => `/api/InstrumentTestRecord/Record/${id}/review`

/**
 * Controller of a record's review panel (issue #19): the review as the server answers it for this user,
 * and the transitions. A reject asks for its comment first; a refusal (another user was quicker, say) is
 * shown and the review loaded again. `revision`: the content revision the page shows, sent as If-Match so
 * a decision on content changed since is refused; the page reloads it after any answer (`onChanged`).
 */
export function useRecordReview(
  recordId: number | string | null | undefined,
  revision?: number,
  onChanged?: () => void,
) {
  const review = useResource(
    (signal) =>
      recordId == null
        ? Promise.resolve(undefined)
        : api.get<RecordReview>('data', path(recordId), { signal }),
    [recordId],
  )
  const [rejecting, setRejecting] = useState(false)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const act = async (action: ReviewAction) => {
    if (recordId == null) return
    setBusy(true)
    setError(null)
    try {
      await api.post<RecordReview>(
        'data',
        path(recordId),
        { action, ...(action === 'reject' ? { comment } : {}) },
        revision == null ? undefined : { headers: { 'If-Match': `"${revision}"` } },
      )
      setRejecting(false)
      setComment('')
    } catch (e) {
      setError(describeError(e))
    } finally {
      // After a refusal too: the record may have changed under the page (a newer revision, another state).
      onChanged?.()
      setBusy(false)
      review.reload()
    }
  }

  return { review, rejecting, setRejecting, comment, setComment, busy, error, act }
}
