import type { ReactNode } from 'react'
import Button from 'react-bootstrap/Button'
import { Link } from 'react-router-dom'

/** A grid action that opens a page: a real link (keyboard and middle-click work), styled as a small button. */
export function ActionLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className="btn btn-sm btn-outline-primary" aria-label={label} title={label}>
      {children}
    </Link>
  )
}

/** A grid action button with an accessible name that says which row it acts on. */
export function ActionButton({
  label,
  onClick,
  variant = 'outline-primary',
  disabled,
  children,
}: {
  label: string
  onClick: () => void
  variant?: string
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      onClick={onClick}
      aria-label={label}
      title={label}
      disabled={disabled}
    >
      {children}
    </Button>
  )
}

/**
 * The buttons of one grid row, spaced and kept on one line; with `wrap` they may go onto two lines (each
 * button whole, right-aligned) when the grid is short of width, rather than widen the grid past its box.
 */
export function RowActions({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <div className={`d-inline-flex gap-1 ${wrap ? 'flex-wrap justify-content-end' : 'flex-nowrap'}`}>
      {children}
    </div>
  )
}
