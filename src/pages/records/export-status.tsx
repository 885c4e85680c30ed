import type { ExportJobState } from './export/use-server-export'
import { JobStatus } from './job-status'

/**
 * Where an export stands after the banner: being prepared, ready (with a download button, for servers
 * without e-mail), e-mailed, or failed.
 */
export function ExportStatus(props: { job: ExportJobState; onDownload: () => void; onDismiss: () => void }) {
  const { job } = props
  const rows = job.rows == null ? '' : ` (${job.rows} ${job.rows === 1 ? 'record' : 'records'})`
  const texts = {
    preparing: `Preparing export ${job.id}…`,
    failed: `Export ${job.id} failed`,
    ready: `Export ${job.id} is ready${rows}.${job.delivery === 'email' ? ' It was also sent to your e-mail address.' : ''}`,
    download: `Download records-export-${job.id}.xlsx`,
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
