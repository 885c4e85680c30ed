import type { RecordSubmission } from '../../../schemas/records'
import { userOfToken } from '../../api/session-storage'
import type { SubmitRoute } from '../../api/submit-record'
import { putEntry, removeEntry, updateEntry } from '../../drafts/outbox-store'
import type { Loaded } from './data-entry-load'

/** The first serial-looking value of a submission, for the outbox's title. */
const serialOf = (values: Record<string, unknown>) =>
  Object.values(values).find((v): v is string => typeof v === 'string' && /^[A-Z]{2,}:\S+$/.test(v))

/**
 * Puts a save in the outbox before it is sent (issue #18.2), in state 'sending', and answers how to settle
 * it: `sent()` once the server answered (stored or refused in the form), `waiting()` when it could not be
 * reached. `kept` is false when the browser keeps nothing (no IndexedDB, no user): the save then behaves as
 * before the outbox.
 */
export async function queueSubmission(
  route: SubmitRoute,
  body: RecordSubmission,
  data: Loaded,
  values: Record<string, unknown>,
) {
  const key = crypto.randomUUID()
  const user = userOfToken()
  const serial = serialOf(values)
  let kept = false
  if (user)
    kept = await putEntry({
      key,
      user,
      route,
      recordId: data.record?.recordId,
      revision: data.record?.revision,
      body,
      title: `${data.recordType.name}${serial ? ` — ${serial}` : ''}`,
      reopen: window.location.pathname + window.location.search,
      createdAt: Date.now(),
      state: 'sending',
    }).then(
      () => true,
      () => false,
    )
  return {
    key,
    kept,
    sent: () => (kept ? removeEntry(key).catch(() => undefined) : Promise.resolve()),
    waiting: () => updateEntry(key, { state: 'waiting' }).catch(() => undefined),
  }
}
