import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router-dom'
import { ConfirmDialog } from './confirm-dialog'
import { holdUnsaved, isLeavingApp } from './unsaved-registry'

/** Asked before unsaved work is left behind (issue #11.25). */
export const UNSAVED_QUESTION = 'Leave this page? Your unsaved changes will be lost.'

/**
 * Guards unsaved work: while `dirty`, leaving the page inside the app (Cancel, a link, Back) first asks
 * UNSAVED_QUESTION in a dialog, and closing or reloading the tab asks the browser's own question
 * (`beforeunload`). Answers the dialog to render, and `allowLeave()` for the navigation after a save
 * (called just before it: the next render, which knows the work is saved, may come after it).
 */
export function useUnsavedChanges(dirty: boolean) {
  const leaving = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  )
  useEffect(() => {
    if (!dirty) return
    const release = holdUnsaved()
    const ask = (event: BeforeUnloadEvent) => {
      if (isLeavingApp()) return
      event.preventDefault()
      // Older browsers show the question only with a returnValue.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => {
      release()
      window.removeEventListener('beforeunload', ask)
    }
  }, [dirty])
  const dialog = (
    <ConfirmDialog
      question={blocker.state === 'blocked' ? UNSAVED_QUESTION : null}
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
  return { dialog, allowLeave: () => (leaving.current = true) }
}
