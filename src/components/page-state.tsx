import type { ReactNode } from 'react'
import Button from 'react-bootstrap/Button'
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

/**
 * Loading state, then the children or an 'API Error: …' banner (SPEC §4 "Pages", §8 "Generic"). A page
 * that failed to load shows the error in place of its content — never an empty state under it — with a
 * Retry when it can load again (issue #11.15).
 */
export function PageState({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean
  error: unknown
  /** Loads again; offered as a Retry button beside the error. */
  onRetry?: () => void
  children: ReactNode
}) {
  if (error)
    return (
      <div className="d-flex flex-column align-items-start gap-2">
        {/* A page's own SPEC text (a string) as it is; a failed call as 'API Error: …'. */}
        <Banner variant="error" message={typeof error === 'string' ? error : describeError(error)} />
        {onRetry && (
          <Button variant="outline-primary" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    )
  if (loading) return <Loading />
  return <>{children}</>
}
