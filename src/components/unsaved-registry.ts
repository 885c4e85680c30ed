/**
 * Which pages hold unsaved work right now, for actions that leave the whole app (Log Out): the router's
 * blocker guards navigation inside the app, but Log Out clears the session and reloads, and the browser's
 * `beforeunload` question would come only after the session was already gone (UI audit, 27 Nov).
 */
let dirtyPages = 0
let leavingApp = false

/** Counts a page's unsaved work while it lasts; call the answer when it is saved or left. */
export function holdUnsaved(): () => void {
  dirtyPages++
  let held = true
  return () => {
    if (held) dirtyPages--
    held = false
  }
}

/** Whether any page holds unsaved work. */
export const hasUnsavedWork = () => dirtyPages > 0

/** The user chose to leave the app with its unsaved work: the browser is not to ask again. */
export function leaveApp(): void {
  leavingApp = true
}

/** Whether the app is being left on purpose (the `beforeunload` question is then skipped). */
export const isLeavingApp = () => leavingApp
