import type { ReactNode } from 'react'

/** A page's title row with optional actions on the right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {children && <div className="d-flex flex-wrap gap-2">{children}</div>}
    </div>
  )
}
