import { useEffect, useMemo, useState } from 'react'

/** The designer's panes; on a phone one is shown at a time (issue #11.11). */
export type DesignerPane = 'palette' | 'canvas' | 'inspector'

const PANES: { key: DesignerPane; label: string }[] = [
  { key: 'palette', label: 'Add controls' },
  { key: 'canvas', label: 'Canvas' },
  { key: 'inspector', label: 'Properties' },
]

/** Phone widths, where palette, canvas and inspector take turns instead of sharing the width. */
export const NARROW_QUERY = '(max-width: 767.98px)'

/** Whether the screen is phone-narrow, following resizes and rotation. */
export function useNarrow(): boolean {
  // One query object, so the listener is added once rather than on every render.
  const query = useMemo(
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW_QUERY) : null),
    [],
  )
  const [narrow, setNarrow] = useState(() => query?.matches ?? false)
  useEffect(() => {
    if (!query) return
    const update = () => setNarrow(query.matches)
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [query])
  return narrow
}

/**
 * The pane switcher shown on a phone: three buttons, the current one pressed. Its bar stays under the
 * app's top bar while a long canvas scrolls (designer.css), so every pane is a tap away.
 */
export function PaneSwitcher({ pane, onPane }: { pane: DesignerPane; onPane: (pane: DesignerPane) => void }) {
  return (
    <div className="designer-pane-bar">
      <div className="designer-pane-switcher btn-group w-100" role="group" aria-label="Designer panes">
        {PANES.map((p) => (
          <button
            key={p.key}
            type="button"
            className={`btn btn-sm ${pane === p.key ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={pane === p.key}
            onClick={() => onPane(p.key)}
          >
            {p.label}
          </button>
        ))}
      </div>
    </div>
  )
}

/**
 * After a pane change on a phone, shows what the pane is about: on the canvas the selected control
 * (just added, or the one whose properties were open), else the pane's top when the page was scrolled
 * past it. The panes differ in height, so the scroll position of the last one means nothing here.
 */
export function revealPane(surface: HTMLElement | null, pane: DesignerPane, selected: string | null) {
  if (!surface) return
  const card =
    pane === 'canvas' && selected
      ? surface.querySelector<HTMLElement>(`[data-control-id="${CSS.escape(selected)}"]`)
      : null
  if (card) {
    card.scrollIntoView?.({ block: 'center', behavior: 'instant' })
    return
  }
  // Above the bottom of the sticky pane bar, the pane's top is hidden: bring it under the bar.
  const bar = surface.parentElement?.querySelector('.designer-pane-bar')
  const covered = bar ? bar.getBoundingClientRect().bottom : 0
  if (surface.getBoundingClientRect().top < covered)
    surface.scrollIntoView?.({ block: 'start', behavior: 'instant' })
}
