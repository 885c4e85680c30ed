import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import type { ExportJobState } from './export/use-server-export'

/**
 * Where an export stands after the banner: being prepared, ready (with a download button, for servers
 * without e-mail), e-mailed, or failed.
 */
export function ExportStatus({
  job,
  onDownload,
  onDismiss,
}: {
  job: ExportJobState
  onDownload: () => void
  onDismiss: () => void
}) {
  if (job.status === 'pending' || job.status === 'running')
    return (
      <Alert variant="info" className="d-flex align-items-center gap-2 py-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Preparing export {job.id}…
      </Alert>
    )
  if (job.status === 'error')
    return (
      <Alert variant="danger" dismissible onClose={onDismiss} className="py-2" role="alert">
        Export {job.id} failed: {job.error ?? 'unknown error'}
      </Alert>
    )
  const rows = job.rows == null ? '' : ` (${job.rows} ${job.rows === 1 ? 'record' : 'records'})`
  return (
    <Alert
      variant="success"
      dismissible
      onClose={onDismiss}
      className="d-flex flex-wrap align-items-center gap-2 py-2"
      role="status"
    >
      <span>
        Export {job.id} is ready{rows}.
        {job.delivery === 'email' ? ' It was also sent to your e-mail address.' : ''}
      </span>
      <Button size="sm" variant="success" onClick={onDownload}>
        Download records-export-{job.id}.xlsx
      </Button>
    </Alert>
  )
}
