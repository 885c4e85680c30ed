import type React from 'react'
import Button from 'react-bootstrap/Button'

export interface TopBarProps {
  title: string
  drawerOpen: boolean
  onToggleDrawer: () => void
  /** Shown only when signed in. */
  onLogOut?: () => void
  username?: string
  /** Beside Log Out: the outbox badge (issue #18.2). */
  extra?: React.ReactNode
}

/** The top bar: drawer toggle, product title and Log Out (SPEC §2 "Shell"). */
export function TopBar({ title, drawerOpen, onToggleDrawer, onLogOut, username, extra }: TopBarProps) {
  return (
    <header className="top-bar navbar navbar-dark px-2 px-sm-3">
      <div className="d-flex align-items-center gap-2 min-w-0">
        <Button
          variant="outline-light"
          size="sm"
          className="drawer-toggle"
          aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
          aria-expanded={drawerOpen}
          aria-controls="nav-drawer"
          onClick={onToggleDrawer}
        >
          <span className="navbar-toggler-icon" aria-hidden="true" />
        </Button>
        <span className="navbar-brand mb-0 h1 text-truncate">{title}</span>
      </div>
      {onLogOut && (
        <div className="d-flex align-items-center gap-2 gap-sm-3">
          {extra}
          {username && <span className="text-white-50 d-none d-sm-inline">{username}</span>}
          <Button variant="light" size="sm" onClick={onLogOut}>
            Log Out
          </Button>
        </div>
      )}
    </header>
  )
}
