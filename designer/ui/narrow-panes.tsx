import { useEffect, useState } from 'react'

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
  const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW_QUERY) : null
  const [narrow, setNarrow] = useState(() => query?.matches ?? false)
  useEffect(() => {
    if (!query) return
    const update = () => setNarrow(query.matches)
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [query])
  return narrow
}

/** The pane switcher shown on a phone: three buttons, the current one pressed. */
export function PaneSwitcher({ pane, onPane }: { pane: DesignerPane; onPane: (pane: DesignerPane) => void }) {
  return (
    <div className="designer-pane-switcher btn-group w-100 mb-2" role="group" aria-label="Designer panes">
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
  )
}
