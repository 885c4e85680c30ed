import type { ReactNode } from 'react'
import Spinner from 'react-bootstrap/Spinner'
import { describeError } from '../api/client'
import { Banner } from './banner'

/** The loading indicator every page shows while its data loads. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 text-secondary py-4" role="status" aria-live="polite">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

/** Loading state, then the children or an 'API Error: …' banner (SPEC §4 "Pages", §8 "Generic"). */
export function PageState({
  loading,
  error,
  children,
}: {
  loading: boolean
  error: unknown
  children: ReactNode
}) {
  if (error) return <Banner variant="error" message={describeError(error)} />
  if (loading) return <Loading />
  return <>{children}</>
}
