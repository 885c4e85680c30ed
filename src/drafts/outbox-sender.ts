import { describeError } from '../api/client'
import { isUnreachable, submitRecord } from '../api/submit-record'
import { entriesOf, removeEntry, updateEntry, type OutboxEntry } from './outbox-store'

type Submit = (entry: OutboxEntry) => Promise<unknown>
const send: Submit = (e) => submitRecord(e.route, e.body, e.recordId, e.key, e.revision)

let running: Promise<void> | null = null
/** How long a save in progress is left to its own page before the outbox takes it over. */
const IN_FLIGHT_MS = 60_000
const now = () => Date.now()

/**
 * Sends a user's waiting submissions in the order they were saved, each with its own Idempotency-Key, so a
 * record whose answer was lost is answered, not stored again. Unreachable again: it stops, keeping the
 * order, and the next call (connection back, next page load) carries on. Refused: the entry keeps the
 * server's message and the rest go on. One run at a time.
 */
export function flushOutbox(user: string, submit: Submit = send): Promise<void> {
  running ??= (async () => {
    for (const entry of await entriesOf(user)) {
      // Refused ones wait for their user; one being saved right now (this or another tab) is not sent twice.
      if (entry.state === 'refused') continue
      if (entry.state === 'sending' && now() - entry.createdAt < IN_FLIGHT_MS) continue
      await updateEntry(entry.key, { state: 'sending' })
      try {
        await submit(entry)
        await removeEntry(entry.key)
      } catch (error) {
        if (isUnreachable(error)) {
          await updateEntry(entry.key, { state: 'waiting' })
          break
        }
        await updateEntry(entry.key, { state: 'refused', message: describeError(error) })
      }
    }
  })().finally(() => (running = null))
  return running
}
