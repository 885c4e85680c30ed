import { useCallback, useEffect, useState } from 'react'
import { userOfToken } from '../api/session-storage'
import { flushOutbox } from '../drafts/outbox-sender'
import { entriesOf, onOutboxChange, removeEntry, type OutboxEntry } from '../drafts/outbox-store'

/** How often waiting records are tried again while the page stays open. */
const RETRY_MS = 30_000

/**
 * The signed-in user's outbox (issue #18.2) for the top bar: its entries, kept current, and the sending of
 * waiting ones on page load, when the browser comes back online and every half minute.
 */
export function useOutbox(signedIn: boolean) {
  const [entries, setEntries] = useState<OutboxEntry[]>([])
  const user = signedIn ? userOfToken() : null
  const flush = useCallback(() => {
    if (user && navigator.onLine !== false) void flushOutbox(user).catch(() => undefined)
  }, [user])

  useEffect(() => {
    if (!user) return
    let live = true
    const refresh = () =>
      void entriesOf(user).then(
        (e) => live && setEntries(e),
        () => undefined,
      )
    const off = onOutboxChange(refresh)
    refresh()
    flush()
    window.addEventListener('online', flush)
    const timer = setInterval(flush, RETRY_MS)
    return () => {
      live = false
      off()
      window.removeEventListener('online', flush)
      clearInterval(timer)
    }
  }, [user, flush])

  return { entries, sendNow: flush, remove: (key: string) => void removeEntry(key).catch(() => undefined) }
}

export type OutboxController = ReturnType<typeof useOutbox>
