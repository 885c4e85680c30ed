import { JobStatus } from '../job-status'
import type { CertificateJobState } from './use-certificate-batch'

/** Where a batch of certificates run as a job stands: being prepared, ready (with its file), or failed. */
export function CertificateJobStatus(props: {
  job: CertificateJobState
  onDownload: () => void
  onDismiss: () => void
}) {
  const { job } = props
  const count = job.count.toLocaleString('en-GB')
  const texts = {
    preparing: `Preparing ${count} certificates…`,
    failed: `Certificates ${job.id} failed`,
    ready: `${count} certificates are ready.${job.delivery === 'email' ? ' They were also sent to your e-mail address.' : ''}`,
    download: `Download certificates-${job.id}.${job.format}`,
  }
  return (
    <JobStatus
      status={job.status}
      error={job.error}
      texts={texts}
      onDownload={props.onDownload}
      onDismiss={props.onDismiss}
    />
  )
}
