import { useEffect, useState } from 'react'

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
