import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { userOfToken } from '../../api/session-storage'
import { readDraft, removeDraft, writeDraft, type Draft, type DraftScope } from '../../drafts/draft-store'
import type { EntryIds } from './use-data-entry-view'

type Values = Record<string, unknown>

/** How long typing pauses before the draft is written (each write is one IndexedDB put). */
const WRITE_DELAY_MS = 250

/** The draft scope of the form shown, or null where there is nothing to keep (read-only, not loaded). */
export function draftScopeOf(ids: EntryIds, recordId: number | null, enabled: boolean): DraftScope | null {
  const user = userOfToken()
  if (!enabled || !user || ids.recordTypeId == null) return null
  return {
    user,
    recordTypeId: ids.recordTypeId,
    productTypeId: ids.productTypeId,
    supplierId: ids.supplierId,
    ownerId: ids.ownerId,
    recordId,
  }
}

/**
 * The draft of /DataEntry (issue #18.1). On opening a form it looks for the user's draft of that form and
 * offers it ('Restore draft from …' / 'Discard'); until the user decides, nothing is written over it. Then
 * every change the user makes is written (after a short pause in typing), and `saved()` removes the draft
 * once its record is stored. Drafts that cannot be written (private mode, quota) are simply not kept.
 */
export function useDataEntryDraft(scope: DraftScope | null, value: Values, setValue: (v: Values) => void) {
  const key = useMemo(() => (scope ? JSON.stringify(scope) : null), [scope])
  const [state, setState] = useState<{ key: string | null; offer: Draft | null; checked: boolean }>({
    key: null,
    offer: null,
    checked: false,
  })
  const [keptAt, setKeptAt] = useState<number | null>(null)
  const touched = useRef(false)
  const current = state.key === key ? state : { key, offer: null, checked: false }

  useEffect(() => {
    touched.current = false
    setKeptAt(null)
    if (!key) return
    let live = true
    const found = (offer: Draft | null) => live && setState({ key, offer, checked: true })
    readDraft(JSON.parse(key) as DraftScope).then(
      (d) => found(d ?? null),
      () => found(null),
    )
    return () => {
      live = false
    }
  }, [key])

  useEffect(() => {
    if (!key || !current.checked || current.offer || !touched.current) return
    const timer = setTimeout(() => {
      // Saved (or reset) meanwhile: the draft is gone and stays gone.
      if (!touched.current) return
      const now = Date.now()
      writeDraft(JSON.parse(key) as DraftScope, value, now).then(
        () => setKeptAt(now),
        () => undefined,
      )
    }, WRITE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [key, value, current.checked, current.offer])

  const restore = useCallback(() => {
    if (!current.offer) return
    touched.current = true
    setValue(current.offer.values)
    setState({ key, offer: null, checked: true })
  }, [current.offer, key, setValue])

  const discard = useCallback(() => {
    if (key) void removeDraft(JSON.parse(key) as DraftScope).catch(() => undefined)
    setState({ key, offer: null, checked: true })
  }, [key])

  return {
    /** The draft found when the form opened, until restored or discarded. */
    offer: current.offer,
    /** When the draft was last written (shown beside Save). */
    keptAt,
    restore,
    discard,
    /** The user changed the form: from now on it is kept. */
    touch: useCallback(() => void (touched.current = true), []),
    /** The record was stored: its draft goes. */
    saved: useCallback(() => {
      touched.current = false
      setKeptAt(null)
      if (key) void removeDraft(JSON.parse(key) as DraftScope).catch(() => undefined)
    }, [key]),
  }
}
