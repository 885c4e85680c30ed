import { useEffect, useRef } from 'react'
import { onOutboxChange, readEntry, type OutboxState } from '../../drafts/outbox-store'
import { DATA_ENTRY_TEXTS } from './data-entry-load'
import type { SaveFeedback } from './use-data-entry-save'

/** Where an entry this page kept in the outbox is: still there in a state, or gone (the server has it). */
export type QueuedState = OutboxState | 'gone'

/**
 * What the notice says once every record this page kept in the outbox is settled, or null while one still
 * waits or is being sent. Gone means sent: the outbox removes an entry when the server has it, and its
 * user can remove only a refused one (a refusal seen before is passed as 'refused').
 */
export function queuedOutcome(states: readonly QueuedState[]): string | null {
  if (states.length === 0 || states.some((s) => s === 'waiting' || s === 'sending')) return null
  const refused = states.filter((s) => s === 'refused').length
  const sent = states.length - refused
  return refused === 0 ? DATA_ENTRY_TEXTS.outboxSent(sent) : DATA_ENTRY_TEXTS.outboxRefused(sent, refused)
}

/**
 * Follows the records /DataEntry saved without a connection (walk 14: 'No connection: … kept in the outbox'
 * stayed after the outbox had sent the record). When the outbox has sent them all, the notice says so in
 * place of the warning; a refusal says to open the Outbox. Checked on every change of the outbox (its
 * sender runs in this tab when the connection returns) and when the browser is back online.
 */
export function useQueuedNotice({
  queued,
  setQueued,
  setNotice,
}: Pick<SaveFeedback, 'queued' | 'setQueued' | 'setNotice'>) {
  // Keys seen refused: removed from the outbox afterwards by their user, they were not sent.
  const refused = useRef(new Set<string>())
  useEffect(() => {
    if (queued.length === 0) return
    let live = true
    const stateOf = async (key: string): Promise<QueuedState> => {
      const state = (await readEntry(key))?.state ?? 'gone'
      if (state === 'refused') refused.current.add(key)
      return refused.current.has(key) ? 'refused' : state
    }
    const check = () =>
      void Promise.all(queued.map(stateOf)).then(
        (states) => {
          const outcome = live ? queuedOutcome(states) : null
          if (outcome === null) return
          refused.current.clear()
          setQueued([])
          setNotice(outcome)
        },
        // The browser's store cannot be read: the warning stays, as the top bar's outbox does.
        () => undefined,
      )
    const off = onOutboxChange(check)
    window.addEventListener('online', check)
    check()
    return () => {
      live = false
      off()
      window.removeEventListener('online', check)
    }
  }, [queued, setQueued, setNotice])
}
