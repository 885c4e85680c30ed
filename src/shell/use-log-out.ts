import { useState } from 'react'
import { clearSession, userOfToken } from '../api/session-storage'
import { countDrafts } from '../drafts/draft-store'
import { hasUnsavedWork, leaveApp } from '../components/unsaved-registry'

/** The question Log Out asks when work is kept in this browser (issue #18). */
export const logOutQuestion = (drafts: number) =>
  `You have ${drafts} unsaved ${drafts === 1 ? 'draft' : 'drafts'} on this device. They stay here for your next sign-in. Log Out anyway?`

/** The question Log Out asks when the page holds changes not yet saved. */
export const LOG_OUT_UNSAVED_QUESTION = 'Log Out? Your unsaved changes on this page will be lost.'

/**
 * SPEC §2 Log Out: clears the token, supplier id and claims and reloads. When the page holds unsaved
 * changes, or the user has drafts kept in this browser, it asks first (before anything is cleared), so
 * nobody signs out believing their work was sent and nobody stays on a page whose session is gone.
 */
export function useLogOut() {
  const [question, setQuestion] = useState<string | null>(null)
  const leave = () => {
    leaveApp()
    clearSession()
    window.location.reload()
  }
  const logOut = async () => {
    if (hasUnsavedWork()) return setQuestion(LOG_OUT_UNSAVED_QUESTION)
    const user = userOfToken()
    const drafts = user ? await countDrafts(user).catch(() => 0) : 0
    if (drafts > 0) setQuestion(logOutQuestion(drafts))
    else leave()
  }
  return { question, logOut: () => void logOut(), confirm: leave, cancel: () => setQuestion(null) }
}
