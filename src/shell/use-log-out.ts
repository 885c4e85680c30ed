import { useState } from 'react'
import { clearSession, userOfToken } from '../api/session-storage'
import { countDrafts } from '../drafts/draft-store'

/** The question Log Out asks when work is kept in this browser (issue #18). */
export const logOutQuestion = (drafts: number) =>
  `You have ${drafts} unsaved ${drafts === 1 ? 'draft' : 'drafts'} on this device. They stay here for your next sign-in. Log Out anyway?`

/**
 * SPEC §2 Log Out: clears the token, supplier id and claims and reloads. When the user has drafts kept in
 * this browser it asks first, so nobody signs out believing their work was sent.
 */
export function useLogOut() {
  const [question, setQuestion] = useState<string | null>(null)
  const leave = () => {
    clearSession()
    window.location.reload()
  }
  const logOut = async () => {
    const user = userOfToken()
    const drafts = user ? await countDrafts(user).catch(() => 0) : 0
    if (drafts > 0) setQuestion(logOutQuestion(drafts))
    else leave()
  }
  return { question, logOut: () => void logOut(), confirm: leave, cancel: () => setQuestion(null) }
}
