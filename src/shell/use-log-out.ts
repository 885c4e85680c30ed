import { useState } from 'react'
import { logoutOnServer } from '../api/auth-api'
import { sessionExpiry } from '../api/session-expiry'
import { clearSession, readSession, userOfToken } from '../api/session-storage'
import { countDrafts } from '../drafts/draft-store'
import { hasUnsavedWork, leaveApp } from '../components/unsaved-registry'

/** The question Log Out asks when work is kept in this browser (issue #18). */
export const logOutQuestion = (drafts: number) =>
  `You have ${drafts} unsaved ${drafts === 1 ? 'draft' : 'drafts'} on this device. They stay here for your next sign-in. Log Out anyway?`

/** The question Log Out asks when the page holds changes not yet saved. */
export const LOG_OUT_UNSAVED_QUESTION = 'Log Out? Your unsaved changes on this page will be lost.'

/**
 * SPEC §2 Log Out: clears the token, supplier id and claims and reloads (the app, at `/`). It also ends the sign-in on the
 * server (`POST {auth}/api/logout`), so a copy of the refresh token is worthless afterwards; that call is
 * best effort, and the session here is cleared whatever it answers. When the page holds unsaved
 * changes, or the user has drafts kept in this browser, it asks first (before anything is cleared), so
 * nobody signs out believing their work was sent and nobody stays on a page whose session is gone.
 */
export function useLogOut() {
  const [question, setQuestion] = useState<string | null>(null)
  const leave = async () => {
    leaveApp()
    // Before the session goes: a page still loading meets no session from here on, and its calls wait for
    // the reload instead of raising the login modal over the page for a moment.
    sessionExpiry.leave()
    const refreshToken = readSession().refreshToken
    clearSession()
    await logoutOnServer(refreshToken)
    // Reload at the front door, not at this page: the next person to sign in starts at Home, not on the
    // page the last one left open (which their view may not even open).
    window.location.assign('/')
  }
  const logOut = async () => {
    if (hasUnsavedWork()) return setQuestion(LOG_OUT_UNSAVED_QUESTION)
    const user = userOfToken()
    const drafts = user ? await countDrafts(user).catch(() => 0) : 0
    if (drafts > 0) setQuestion(logOutQuestion(drafts))
    else await leave()
  }
  return {
    question,
    logOut: () => void logOut(),
    confirm: () => void leave(),
    cancel: () => setQuestion(null),
  }
}
