import { useEffect, useState } from 'react'
import { JSON_DRAFT_NOTICE } from './pending-edits'

/** Full screen: the designer takes the whole window (issue #11.12); Esc leaves it. */
export function useFullScreen() {
  const [fullScreen, setFullScreen] = useState(false)
  useEffect(() => {
    if (!fullScreen) return
    const leave = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) setFullScreen(false)
    }
    window.addEventListener('keydown', leave)
    return () => window.removeEventListener('keydown', leave)
  }, [fullScreen])
  return [fullScreen, setFullScreen] as const
}

/** The toolbar's Full screen / Exit full screen toggle. */
export function FullScreenButton({ fullScreen, onToggle }: { fullScreen: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      aria-pressed={fullScreen}
      onClick={onToggle}
      title={fullScreen ? 'Leave full screen (Esc)' : 'Design in the whole window'}
    >
      {fullScreen ? 'Exit full screen' : 'Full screen'}
    </button>
  )
}

/** The first six layout problems above the tabs; nothing when there are none. */
export function LayoutProblems({ issues }: { issues: readonly { text: string }[] }) {
  if (issues.length === 0) return null
  return (
    <div className="alert alert-warning small py-2 mb-2" data-testid="layout-issues">
      <strong>Layout problems:</strong>
      <ul className="mb-0">
        {issues.slice(0, 6).map((issue, i) => (
          <li key={i}>{issue.text}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Outside the JSON view, while it holds an edit that is not applied: says so, with its first problem,
 * and offers to go back to it or to discard it (the design keeps its last valid version either way).
 */
export function JsonDraftNotice(p: {
  problem: string | undefined
  onOpen: () => void
  onDiscard: () => void
}) {
  return (
    <div className="alert alert-warning small py-2 mb-2" role="status" data-testid="json-draft-notice">
      {JSON_DRAFT_NOTICE} {p.problem}
      <div className="d-flex gap-2 mt-1">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={p.onOpen}>
          Open the JSON view
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={p.onDiscard}>
          Discard JSON edit
        </button>
      </div>
    </div>
  )
}
