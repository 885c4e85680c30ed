import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { CertificateFormat, Job } from '../../../../schemas/records'
import { ApiError, describeError } from '../../../api/client'
import { saveBlob } from '../../../api/save-blob'
import { certificatesApi } from './certificates-api'
import type { RecordSelection } from './use-record-selection'

/** A batch that runs as a job: where it stands. */
export interface CertificateJobState {
  id: number
  format: CertificateFormat
  count: number
  status: Job['status']
  delivery: 'email' | 'outbox'
  error: string | null
}

const POLL_MS = 1500

/** Follows a running batch job until it is done or failed. */
function useJobPolling(
  job: CertificateJobState | null,
  setJob: Dispatch<SetStateAction<CertificateJobState | null>>,
) {
  const jobId = job?.id
  const running = job?.status === 'running' || job?.status === 'pending'
  useEffect(() => {
    if (jobId == null || !running) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      certificatesApi.job(jobId, controller.signal).then(
        (j) =>
          setJob((old) =>
            old && old.id === j.id ? { ...old, status: j.status, error: j.error ?? null } : old,
          ),
        (e: unknown) => {
          if (!controller.signal.aborted)
            setJob((old) => (old ? { ...old, status: 'error', error: describeError(e) } : old))
        },
      )
    }, POLL_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [jobId, running, job, setJob])
}

/**
 * 'Certificates' on /Records (issue #16.3): asks the server for the selection's certificates, saves the
 * zip or merged PDF it answers, or — over the limit — follows the job it started until its file is ready.
 */
export function useCertificateBatch() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [banner, setBanner] = useState<string | null>(null)
  const [job, setJob] = useState<CertificateJobState | null>(null)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => () => abort.current?.abort(), [])

  useJobPolling(job, setJob)

  /** Makes the selection's certificates; true when it is done (saved, or running as a job). */
  const run = useCallback(async (selection: RecordSelection, format: CertificateFormat) => {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setBusy(true)
    setError(null)
    setBanner(null)
    try {
      const answer = await certificatesApi.batch(format, selection.chosen(), controller.signal)
      if ('job' in answer) {
        setBanner(answer.job.message)
        setJob({
          id: answer.job.jobId,
          format,
          count: answer.job.count,
          status: 'running',
          delivery: answer.job.delivery ?? 'outbox',
          error: null,
        })
      } else saveBlob(answer.file, answer.filename)
      return true
    } catch (e) {
      if (controller.signal.aborted) return false
      // A refusal (none, too many, not yours, a missing layout) is the server's own message.
      setError(e instanceof ApiError && e.status && e.status < 500 ? e.message : describeError(e))
      return false
    } finally {
      if (abort.current === controller) {
        abort.current = null
        setBusy(false)
      }
    }
  }, [])

  const cancel = useCallback(() => {
    abort.current?.abort()
    abort.current = null
    setBusy(false)
  }, [])

  const download = useCallback(async () => {
    if (!job) return
    try {
      saveBlob(await certificatesApi.download(job.id), `certificates-${job.id}.${job.format}`)
    } catch (e) {
      setError(describeError(e))
    }
  }, [job])

  return {
    run,
    cancel,
    busy,
    error,
    clearError: () => setError(null),
    banner,
    clearBanner: () => setBanner(null),
    job,
    dismissJob: () => setJob(null),
    download,
  }
}
