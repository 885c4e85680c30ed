import { useState } from 'react'
import type { RecordReview, ReviewAction } from '../../../schemas/records'
import { api, describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'

const path = (id: number | string) => `/api/InstrumentTestRecord/Record/${id}/review`

/**
 * Controller of a record's review panel (issue #19): the review as the server answers it for this user,
 * and the transitions. A reject asks for its comment first; a refusal (another user was quicker, say) is
 * shown and the review loaded again.
 */
export function useRecordReview(recordId: number | string | null | undefined, onChanged?: () => void) {
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
      await api.post<RecordReview>('data', path(recordId), {
        action,
        ...(action === 'reject' ? { comment } : {}),
      })
      setRejecting(false)
      setComment('')
      onChanged?.()
    } catch (e) {
      setError(describeError(e))
    } finally {
      setBusy(false)
      review.reload()
    }
  }

  return { review, rejecting, setRejecting, comment, setComment, busy, error, act }
}
