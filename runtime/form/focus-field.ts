/** What a user can focus: enabled form controls, links, and anything given a tab stop. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/**
 * Moves focus to a field and scrolls it to the middle of the screen, where its message under it shows
 * too. The field's own id is not always something that takes focus: a choice test's id is its radio
 * group, a table's its wrapper, a test equipment list's a card; so the first control a user can focus
 * inside the field's box is taken, and a box with none (a calculated value) is focused itself. Answers
 * false when the field is not on the page (hidden by its condition). The box is found from the widget's
 * element, or by its `data-variable` (variables are identifiers: nothing to escape); a 300-control form's
 * first render pays for no extra id per field (issue #17.5).
 */
export function focusField(inputId: string, variable: string): boolean {
  const own = document.getElementById(inputId)
  const box =
    own?.closest<HTMLElement>('.itr-field') ??
    document.querySelector<HTMLElement>(`.itr-field[data-variable="${variable}"]`)
  const target =
    (own?.matches(FOCUSABLE) ? own : null) ?? box?.querySelector<HTMLElement>(FOCUSABLE) ?? box ?? own
  if (!target) return false
  // A box has no tab stop of its own; -1 lets a script focus it without adding one.
  if (!target.matches(FOCUSABLE) && !target.hasAttribute('tabindex')) target.tabIndex = -1
  // Scrolled here, not by focus(): focus scrolls as little as it can, which leaves a field at the very
  // edge of a phone's screen with its message below it, or under a banner scrolling into view.
  target.focus({ preventScroll: true })
  target.scrollIntoView?.({ block: 'center' })
  return true
}
