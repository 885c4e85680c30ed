import { atom } from 'jotai'
import { navItemsFor, canOpenPage } from '../../schemas/roles'
import { readSession, type StoredSession } from '../api/session-storage'
import { appConfig } from '../api/app-config'
import type { AppConfig } from '../../schemas/config'

/**
 * The session as read at start. Signing in and out reload the page (SPEC §2/§4), so this is read once;
 * `null` when there is no valid session yet.
 */
export const sessionAtom = atom<StoredSession | null>(null)

/** The run-time configuration (title, hosts). */
export const appConfigAtom = atom<AppConfig>(appConfig())

/** Navigation items for the current view. */
export const navItemsAtom = atom((get) => navItemsFor(get(sessionAtom)?.view ?? 'none'))

/** Whether the current view may open a path. */
export const canOpenAtom = atom(
  (get) => (pathname: string) => canOpenPage(get(sessionAtom)?.view ?? 'none', pathname),
)

export { readSession }

/**
 * The token could not be refreshed while the user worked (issue #18.4): the shell shows the login modal
 * over the page, which stays as it was, until the user signs in again.
 */
export const sessionExpiredAtom = atom(false)
