import { useEffect } from 'react'
import { useAtom } from 'jotai'
import { sessionExpiry } from '../api/session-expiry'
import { readSession, userOfToken } from '../api/session-storage'
import { sessionAtom, sessionExpiredAtom } from '../session/session-atoms'

/** Said over the page when the session was lost while working (issue #18.4). */
export const SESSION_EXPIRED =
  'Your session has expired. Sign in again to carry on: the page and what you entered stay as they are.'

/**
 * The shell's side of a session lost mid-work (issue #18.4): `expired` while the login modal should show
 * over the page, and `signedIn`, called once the modal has stored new tokens. The same user carries on
 * where they were (the waiting calls go on, a Save completes); another user gets a fresh page, as any
 * sign-in does, while the first user's draft and outbox stay theirs.
 */
export function useSessionExpired() {
  const [expired, setExpired] = useAtom(sessionExpiredAtom)
  const [session, setSession] = useAtom(sessionAtom)
  useEffect(() => sessionExpiry.listen(setExpired), [setExpired])
  const signedIn = () => {
    // Whose page this is: the user whose token was lost, or, when another tab's Log Out had already
    // cleared it (no token left to read), the user the page was rendered for (audit s9 S1).
    const before = sessionExpiry.lostUser() ?? userOfToken(session?.token ?? null)
    if (before !== null && userOfToken() !== before) {
      window.location.reload()
      return
    }
    setSession(readSession())
    sessionExpiry.resume()
  }
  return { expired, signedIn }
}
