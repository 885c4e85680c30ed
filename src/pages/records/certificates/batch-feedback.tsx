import { Banner } from '../../../components/banner'
import { CertificateJobStatus } from './certificate-job-status'
import type { useCertificateBatch } from './use-certificate-batch'

/** What a batch of certificates says on /Records: its banner, its error (outside the dialog) and its job. */
export function BatchFeedback(props: { batch: ReturnType<typeof useCertificateBatch>; showError: boolean }) {
  const { batch } = props
  return (
    <>
      <Banner variant="success" message={batch.banner} onClose={batch.clearBanner} />
      {props.showError && <Banner variant="error" message={batch.error} onClose={batch.clearError} />}
      {batch.job && (
        <CertificateJobStatus
          job={batch.job}
          onDownload={() => void batch.download()}
          onDismiss={batch.dismissJob}
        />
      )}
    </>
  )
}
