import { useEffect, type RefObject } from 'react'
import type { RecordFormHandle } from '../../../runtime/form'
import { ApiError } from '../../api/client'

/**
 * A refused Save: the variables it refused, in any order ([] when it names none). A new object for every
 * refusal, so the same fields refused twice are focused twice.
 */
export interface SaveRefusal {
  variables: readonly string[]
}

/**
 * The messages a server refusal gives per field of the form: a 400 lists its problems in `details` as
 * `{variable, message}` when the record's data or results were refused (server/submissions/data-schema.ts,
 * judge.ts). Problems naming no variable of `variables` (a table cell, the record) are left to the banner.
 */
export function refusedFields(error: unknown, variables: readonly string[]): Record<string, string[]> {
  const details = error instanceof ApiError ? error.details : undefined
  if (!Array.isArray(details)) return {}
  const known = new Set(variables)
  const out: Record<string, string[]> = {}
  for (const item of details as unknown[]) {
    const { variable, message } = (item ?? {}) as { variable?: unknown; message?: unknown }
    if (typeof variable !== 'string' || !known.has(variable) || typeof message !== 'string') continue
    // The server writes a message without its full stop when it lists several ('… not 0.9').
    const text = /[.!?]$/.test(message) ? message : `${message}.`
    out[variable] = [...(out[variable] ?? []), text]
  }
  return out
}

/**
 * Takes the user to what a Save refused (audit h-entry F4): the first refused field in the form's order,
 * focused and scrolled to the middle of the screen; when it names none (a serial out of range, a server
 * error), the error banner, focused so a screen reader reads it and the keyboard starts there. Runs after
 * the render that shows the messages and the banner: the banner scrolls itself into view as it appears
 * (its effect runs first, being a child of the page), and this scroll must come after it.
 */
export function useRefusalFocus(
  refusal: SaveRefusal | null,
  form: RefObject<Pick<RecordFormHandle, 'focusFirst'> | null>,
  banner: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!refusal) return
    if (form.current?.focusFirst(refusal.variables)) return
    focusBanner(banner.current)
  }, [refusal, form, banner])
}

/** Focuses the alert inside `box` (the page's error banner), which has no tab stop of its own. */
function focusBanner(box: HTMLElement | null) {
  const alert = box?.querySelector<HTMLElement>('[role="alert"]')
  if (!alert) return
  // -1: focusable by script, not a tab stop; the shared Banner takes no tabIndex of its own.
  alert.tabIndex = -1
  alert.focus({ preventScroll: true })
  alert.scrollIntoView?.({ block: 'nearest' })
}
