import { describeError, SessionChangedError } from '../api/client'
import { userOfToken } from '../api/session-storage'
import { isUnreachable, submitRecord } from '../api/submit-record'
import { entriesOf, removeEntry, updateEntry, type OutboxEntry } from './outbox-store'

type Submit = (entry: OutboxEntry) => Promise<unknown>
const send: Submit = (e) => submitRecord(e.route, e.body, e.recordId, e.key, e.revision)

/** The run in progress, per user: one at a time for each, and never one user's run for another. */
const running = new Map<string, Promise<void>>()
/** How long a save in progress is left to its own page before the outbox takes it over. */
const IN_FLIGHT_MS = 60_000
const now = () => Date.now()

/**
 * Sends a user's waiting submissions in the order they were saved, each with its own Idempotency-Key, so a
 * record whose answer was lost is answered, not stored again. Unreachable again: it stops, keeping the
 * order, and the next call (connection back, next page load) carries on. Refused: the entry keeps the
 * server's message and the rest go on. One run at a time per user.
 *
 * A run belongs to `user` (audit s9 S1): it sends only while the session is theirs, and stops, the rest
 * waiting, as soon as the stored token is another user's or gone (Log Out, another sign-in in this or
 * another tab); the request itself never resends under another user's token (`bindToUser`, client.ts).
 */
export function flushOutbox(user: string, submit: Submit = send): Promise<void> {
  let run = running.get(user)
  if (!run) {
    run = sendAll(user, submit).finally(() => running.delete(user))
    running.set(user, run)
  }
  return run
}

async function sendAll(user: string, submit: Submit): Promise<void> {
  const signedIn = () => userOfToken() === user
  for (const entry of await entriesOf(user)) {
    if (!signedIn()) return
    // Refused ones wait for their user; one being saved right now (this or another tab) is not sent twice.
    if (entry.state === 'refused') continue
    if (entry.state === 'sending' && now() - entry.createdAt < IN_FLIGHT_MS) continue
    await updateEntry(entry.key, { state: 'sending' })
    try {
      // Checked again in the same tick as the call, which binds itself to the token it finds.
      if (!signedIn()) throw new SessionChangedError()
      await submit(entry)
      await removeEntry(entry.key)
    } catch (error) {
      // Not answered for its user (unreachable, or the session changed hands): it waits, in order.
      if (isUnreachable(error) || error instanceof SessionChangedError || !signedIn()) {
        await updateEntry(entry.key, { state: 'waiting' })
        return
      }
      await updateEntry(entry.key, { state: 'refused', message: describeError(error) })
    }
  }
}
