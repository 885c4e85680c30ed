import type { ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'

/** The texts one kind of job shows in each state. */
export interface JobTexts {
  preparing: ReactNode
  failed: string
  ready: ReactNode
  download: ReactNode
}

/**
 * Where a server job started from /Records stands (the Excel export, a batch of certificates): being
 * prepared, ready with a download button (for servers without e-mail), or failed.
 */
export function JobStatus(props: {
  status: string
  error: string | null | undefined
  texts: JobTexts
  onDownload: () => void
  onDismiss: () => void
}) {
  const { texts } = props
  if (props.status === 'pending' || props.status === 'running')
    return (
      <Alert variant="info" className="d-flex align-items-center gap-2 py-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> {texts.preparing}
      </Alert>
    )
  if (props.status === 'error')
    return (
      <Alert variant="danger" dismissible onClose={props.onDismiss} className="py-2" role="alert">
        {texts.failed}: {props.error ?? 'unknown error'}
      </Alert>
    )
  return (
    <Alert
      variant="success"
      dismissible
      onClose={props.onDismiss}
      className="d-flex flex-wrap align-items-center gap-2 py-2"
      role="status"
    >
      <span>{texts.ready}</span>
      <Button size="sm" variant="success" onClick={props.onDownload}>
        {texts.download}
      </Button>
    </Alert>
  )
}
