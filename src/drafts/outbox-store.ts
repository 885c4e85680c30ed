import { createStore, del, get, set, values, type UseStore } from 'idb-keyval'
import type { RecordSubmission } from '../../schemas/records'
import type { SubmitRoute } from '../api/submit-record'

/**
 * The outbox (issue #18.2): submissions saved while the server could not be reached, kept in IndexedDB with
 * their Idempotency-Key until the server has them. Each entry belongs to the user who saved it.
 */

/** Waiting to be sent, being sent, or refused by the server (its message kept). */
export type OutboxState = 'waiting' | 'sending' | 'refused'

export interface OutboxEntry {
  /** The Idempotency-Key: the same for every try, so the server stores the record once. */
  key: string
  user: string
  route: SubmitRoute
  recordId?: number
  /** An edit's record revision as loaded (If-Match); entries kept before it was sent have none. */
  revision?: number
  body: RecordSubmission
  /** What the panel calls it, e.g. 'Transformer Routine Test — NWT:4001'. */
  title: string
  /** The /DataEntry address that reopens the form (a refused record comes back there). */
  reopen: string
  createdAt: number
  state: OutboxState
  /** The server's refusal. */
  message?: string
}

let store: UseStore | null = null
const outbox = () => (store ??= createStore('itr-studio-outbox', 'outbox'))
const listeners = new Set<() => void>()

/** Calls `listener` after every change to the outbox; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const changed = () => listeners.forEach((l) => l())

/** Adds or replaces an entry. */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  await set(entry.key, entry, outbox())
  changed()
}

/** One entry by its key. */
export const readEntry = (key: string) => get<OutboxEntry>(key, outbox())

/** Changes an entry's state (and message); nothing when it is gone. */
export async function updateEntry(key: string, patch: Pick<OutboxEntry, 'state'> & { message?: string }) {
  const entry = await readEntry(key)
  if (entry) await putEntry({ ...entry, ...patch })
}

/** Removes an entry (sent, or dismissed by its user). */
export async function removeEntry(key: string): Promise<void> {
  await del(key, outbox())
  changed()
}

/** A user's entries, oldest first: the order they are sent in. */
export async function entriesOf(user: string): Promise<OutboxEntry[]> {
  const all = await values<OutboxEntry>(outbox())
  return all.filter((e) => e.user === user).sort((a, b) => a.createdAt - b.createdAt)
}
