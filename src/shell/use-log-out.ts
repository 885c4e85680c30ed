import { useState } from 'react'
import { logoutOnServer } from '../api/auth-api'
import { sessionExpiry } from '../api/session-expiry'
import { clearSession, readSession, userOfToken } from '../api/session-storage'
import { countDrafts } from '../drafts/draft-store'
import { entriesOf } from '../drafts/outbox-store'
import { hasUnsavedWork, leaveApp } from '../components/unsaved-registry'

/** What this browser keeps for the user: drafts, and outbox records waiting to be sent or refused. */
export interface KeptWork {
  drafts: number
  /** Outbox records not yet sent (waiting, or being sent): the outbox sends them at their user's next sign-in. */
  waiting: number
  /** Outbox records the server refused: they wait there for their user to reopen them. */
  refused: number
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The question Log Out asks when work is kept in this browser (issue #18): drafts stay, records in the
 * outbox are sent at the next sign-in on this device (audit walk-csv: it named drafts only).
 */
export function logOutQuestion({ drafts, waiting, refused }: KeptWork): string {
  const parts: string[] = []
  if (drafts > 0)
    parts.push(
      `You have ${count(drafts, 'unsaved draft', 'unsaved drafts')} on this device. ` +
        `${drafts === 1 ? 'It stays' : 'They stay'} here for your next sign-in.`,
    )
  if (waiting > 0)
    parts.push(
      `${count(waiting, 'record is', 'records are')} waiting to be sent. ` +
        `${waiting === 1 ? 'It' : 'They'} will be sent at your next sign-in on this device.`,
    )
  if (refused > 0)
    parts.push(
      `${count(refused, 'record was', 'records were')} refused by the server; ` +
        `${refused === 1 ? 'it stays' : 'they stay'} in the outbox here for your next sign-in.`,
    )
  return `${parts.join(' ')} Log Out anyway?`
}

/** The drafts and outbox records this browser keeps for `user` (none when they cannot be read). */
export async function keptWork(user: string): Promise<KeptWork> {
  const [drafts, entries] = await Promise.all([
    countDrafts(user).catch(() => 0),
    entriesOf(user).catch(() => []),
  ])
  const refused = entries.filter((e) => e.state === 'refused').length
  return { drafts, waiting: entries.length - refused, refused }
}

/** The question Log Out asks when the page holds changes not yet saved. */
export const LOG_OUT_UNSAVED_QUESTION = 'Log Out? Your unsaved changes on this page will be lost.'

/**
 * SPEC §2 Log Out: clears the token, supplier id and claims and reloads (the app, at `/`). It also ends the sign-in on the
 * server (`POST {auth}/api/logout`), so a copy of the refresh token is worthless afterwards; that call is
 * best effort, and the session here is cleared whatever it answers. When the page holds unsaved
 * changes, or the user has drafts or outbox records kept in this browser, it asks first (before anything is cleared), so
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
    const kept = user ? await keptWork(user) : null
    if (kept && kept.drafts + kept.waiting + kept.refused > 0) setQuestion(logOutQuestion(kept))
    else await leave()
  }
  return {
    question,
    logOut: () => void logOut(),
    confirm: () => void leave(),
    cancel: () => setQuestion(null),
  }
}
