import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { Job, RecordsFilter } from '../../../../schemas/records'
import { describeError } from '../../../api/client'
import { exportApi, saveBlob } from './export-api'

/** SPEC §9: the export success banner lasts 5000 ms. */
export const EXPORT_BANNER_MS = 5000
// How often the job is asked about while it runs.
const POLL_MS = 1000

/** An export the user asked for: its job, and how it ends (a download, an e-mail or an error). */
export interface ExportJobState {
  id: number
  status: Job['status']
  delivery: 'email' | 'outbox'
  rows: number | null
  error: string | null
}

/** Follows the job until it ends: asks about it every POLL_MS while it is pending or running. */
function useJobPolling(job: ExportJobState | null, setJob: Dispatch<SetStateAction<ExportJobState | null>>) {
  const jobId = job?.id
  const running = job != null && (job.status === 'pending' || job.status === 'running')
  useEffect(() => {
    if (jobId == null || !running) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      exportApi.job(jobId, controller.signal).then(
        (j) =>
          setJob((old) =>
            old && old.id === j.id
              ? {
                  ...old,
                  status: j.status,
                  rows: typeof j.result?.rows === 'number' ? j.result.rows : old.rows,
                  error: j.error ?? null,
                }
              : old,
          ),
        (e: unknown) => {
          if (controller.signal.aborted) return
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
 * The server export (SPEC §7 ExcelExport): logs the job, shows 'Request logged, you will receive an email
 * with the results.' for 5000 ms, then follows the job until it is done and offers the workbook for
 * download (beyond SPEC, for servers without e-mail).
 */
export function useServerExport() {
  const [banner, setBanner] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [job, setJob] = useState<ExportJobState | null>(null)
  const [busy, setBusy] = useState(false)
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(bannerTimer.current), [])

  const start = useCallback(async (filter: RecordsFilter) => {
    setBusy(true)
    setError(null)
    try {
      const accepted = await exportApi.start(filter)
      setBanner(accepted.message)
      clearTimeout(bannerTimer.current)
      bannerTimer.current = setTimeout(() => setBanner(null), EXPORT_BANNER_MS)
      setJob({
        id: accepted.jobId,
        status: accepted.status ?? 'pending',
        delivery: accepted.delivery ?? 'outbox',
        rows: null,
        error: null,
      })
      return true
    } catch (e) {
      setError(describeError(e))
      return false
    } finally {
      setBusy(false)
    }
  }, [])

  useJobPolling(job, setJob)

  const download = useCallback(async () => {
    if (!job) return
    try {
      saveBlob(await exportApi.download(job.id), `records-export-${job.id}.xlsx`)
    } catch (e) {
      setError(describeError(e))
    }
  }, [job])

  return {
    banner,
    error,
    job,
    busy,
    start,
    download,
    dismissJob: () => setJob(null),
    dismissError: () => setError(null),
  }
}
