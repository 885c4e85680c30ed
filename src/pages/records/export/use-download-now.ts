import { useCallback, useRef, useState } from 'react'
import type { RecordsFilter } from '../../../../schemas/records'
import { ApiError, describeError } from '../../../api/client'
import { exportApi, saveBlob } from './export-api'

/**
 * 'Download now' (beyond SPEC): asks the server for the export workbook at once (the same file the
 * e-mailed export delivers: one column list, one formula neutraliser) for filtered sets of up to
 * DOWNLOAD_NOW_LIMIT records, and saves it. `busy` is true while the server builds it; it can be stopped.
 */
export function useDownloadNow() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)

  const run = useCallback(async (filter: RecordsFilter) => {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setError(null)
    setBusy(true)
    try {
      const { blob, filename } = await exportApi.now(filter, controller.signal)
      if (controller.signal.aborted) return false
      saveBlob(blob, filename)
      return true
    } catch (e) {
      if (controller.signal.aborted) return false
      // A refusal (none or too many records) is the server's message as it stands.
      setError(e instanceof ApiError && e.status === 400 ? e.message : describeError(e))
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

  return { run, cancel, busy, error, clearError: () => setError(null) }
}
