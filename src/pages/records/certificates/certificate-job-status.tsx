import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import type { CertificateJobState } from './use-certificate-batch'

/** Where a batch of certificates run as a job stands: being prepared, ready (with its file), or failed. */
export function CertificateJobStatus({
  job,
  onDownload,
  onDismiss,
}: {
  job: CertificateJobState
  onDownload: () => void
  onDismiss: () => void
}) {
  if (job.status === 'pending' || job.status === 'running')
    return (
      <Alert variant="info" className="d-flex align-items-center gap-2 py-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Preparing{' '}
        {job.count.toLocaleString('en-GB')} certificates…
      </Alert>
    )
  if (job.status === 'error')
    return (
      <Alert variant="danger" dismissible onClose={onDismiss} className="py-2" role="alert">
        Certificates {job.id} failed: {job.error ?? 'unknown error'}
      </Alert>
    )
  return (
    <Alert
      variant="success"
      dismissible
      onClose={onDismiss}
      className="d-flex flex-wrap align-items-center gap-2 py-2"
      role="status"
    >
      <span>
        {job.count.toLocaleString('en-GB')} certificates are ready.
        {job.delivery === 'email' ? ' They were also sent to your e-mail address.' : ''}
      </span>
      <Button size="sm" variant="success" onClick={onDownload}>
        Download certificates-{job.id}.{job.format}
      </Button>
    </Alert>
  )
}
