import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval'

/**
 * Drafts of /DataEntry (issue #18): the form's values kept in the browser's IndexedDB, through idb-keyval,
 * as the user types, so a dropped connection, an expired session or a closed tab loses nothing. One draft
 * per user and form: the key holds the user (the token's subject), the record type, product type,
 * supplier or owner and, for an edit, the record id, so another user of the same browser never sees it.
 */

/** What identifies one form of one user. */
export interface DraftScope {
  /** The signed-in user's id (the access token's `sub`). */
  user: string
  recordTypeId: number | null
  productTypeId: number | null
  supplierId: number | null
  ownerId: number | null
  /** The record being edited; null for a new record. */
  recordId: number | null
}

/** A stored draft. */
export interface Draft {
  values: Record<string, unknown>
  /** When it was last written, epoch milliseconds. */
  savedAt: number
}

let store: UseStore | null = null
const drafts = () => (store ??= createStore('itr-studio-drafts', 'drafts'))

const part = (v: number | null) => (v == null ? '-' : String(v))

/** The draft's key: `draft:{user}:{recordType}:{productType}:{supplier}:{owner}:{record}`. */
export function draftKey(s: DraftScope): string {
  return [
    'draft',
    encodeURIComponent(s.user),
    ...[s.recordTypeId, s.productTypeId, s.supplierId, s.ownerId, s.recordId].map(part),
  ].join(':')
}

const userPrefix = (user: string) => `draft:${encodeURIComponent(user)}:`

/** The draft of a form, if one is kept. */
export async function readDraft(scope: DraftScope): Promise<Draft | undefined> {
  return get<Draft>(draftKey(scope), drafts())
}

/** Keeps the form's values as its draft. */
export async function writeDraft(scope: DraftScope, values: Record<string, unknown>, now = Date.now()) {
  await set(draftKey(scope), { values, savedAt: now } satisfies Draft, drafts())
}

/** Removes a form's draft (its record was saved, or the user discarded it). */
export async function removeDraft(scope: DraftScope): Promise<void> {
  await del(draftKey(scope), drafts())
}

/** How many drafts a user has in this browser (Log Out warns about them). */
export async function countDrafts(user: string): Promise<number> {
  const prefix = userPrefix(user)
  return (await keys(drafts())).filter((k) => String(k).startsWith(prefix)).length
}
