import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { emptyValues } from '../../../runtime/compiler'
import { fromServerData } from '../../../runtime/pass-fail'
import { readEntry, removeEntry } from '../../drafts/outbox-store'
import { DATA_ENTRY_TEXTS, type Loaded } from './data-entry-load'

/**
 * A record the server refused from the outbox (issue #18.2) opens back in /DataEntry: the outbox panel
 * links here with the entry's key in the navigation state; the form gets the values that were sent and the
 * server's message. The entry stays in the outbox until the record is saved, so nothing is lost meanwhile.
 */
export function useOutboxReopen(
  data: Loaded | undefined,
  setValue: (v: Record<string, unknown>) => void,
  setError: (message: string | null) => void,
) {
  const location = useLocation()
  const key = (location.state as { outbox?: string } | null)?.outbox
  const reopened = useRef<string | null>(null)
  useEffect(() => {
    const layout = data?.layout
    if (!key || !layout || reopened.current === key) return
    let live = true
    void readEntry(key).then((entry) => {
      if (!live || !entry) return
      reopened.current = key
      setValue(fromServerData(layout, { ...emptyValues(layout), ...entry.body.data }))
      // An edit refused because the record changed meanwhile (If-Match): the page loaded the record as it
      // is now, so a save would replace the other change with this edit. Say so, in so many words.
      const now = data.record?.revision
      const stale = entry.revision != null && now != null && entry.revision !== now
      setError(stale ? DATA_ENTRY_TEXTS.reopenedStale(entry.revision!, now) : (entry.message ?? null))
    })
    return () => {
      live = false
    }
  }, [key, data, setValue, setError])
  /** The record is stored: its outbox entry goes. */
  return useCallback(() => {
    if (reopened.current) void removeEntry(reopened.current).catch(() => undefined)
    reopened.current = null
  }, [])
}
