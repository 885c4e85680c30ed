import { useCallback, useRef, useState } from 'react'
import type { RecordListItem, RecordsFilter } from '../../../../schemas/records'
import { describeError } from '../../../api/client'
import { recordsApi } from '../records-api'
import { saveBlob } from './export-api'
import { buildWorkbook } from './build-workbook'

/** Beyond SPEC: up to this many records can be built into a workbook in the browser. */
export const DOWNLOAD_NOW_LIMIT = 10_000
/** SPEC §7: the export pages through the records call at 100 per page. */
export const EXPORT_PAGE_SIZE = 100

export const DOWNLOAD_NOW_TEXTS = {
  tooMany: (n: number) =>
    `${n.toLocaleString('en-GB')} records match: 'Download now' handles up to ${DOWNLOAD_NOW_LIMIT.toLocaleString('en-GB')}. Use Export to have the file prepared on the server.`,
  none: 'No records match these filters.',
} as const

export interface DownloadProgress {
  done: number
  total: number
}

/**
 * 'Download now' (beyond SPEC): pages the records call at 100 per page with progress, then builds the
 * workbook in the browser. Only for filtered sets of up to 10,000 records; can be cancelled.
 */
export function useDownloadNow() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)

  const run = useCallback(async (filter: RecordsFilter) => {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setError(null)
    try {
      const first = await recordsApi.page(0, EXPORT_PAGE_SIZE, filter, controller.signal)
      const total = first.totalCount
      if (total === 0) throw new Error(DOWNLOAD_NOW_TEXTS.none)
      if (total > DOWNLOAD_NOW_LIMIT) throw new Error(DOWNLOAD_NOW_TEXTS.tooMany(total))
      const rows: RecordListItem[] = [...first.result]
      setProgress({ done: rows.length, total })
      for (let page = 1; rows.length < total; page++) {
        const next = await recordsApi.page(page, EXPORT_PAGE_SIZE, filter, controller.signal)
        // Records removed while paging: stop at the end rather than loop.
        if (next.result.length === 0) break
        rows.push(...next.result)
        setProgress({ done: Math.min(rows.length, total), total })
      }
      const blob = await buildWorkbook(rows)
      if (controller.signal.aborted) return false
      saveBlob(blob, `records-${new Date().toISOString().slice(0, 10)}.xlsx`)
      return true
    } catch (e) {
      if (controller.signal.aborted) return false
      setError(e instanceof Error && !('status' in e) ? e.message : describeError(e))
      return false
    } finally {
      if (abort.current === controller) abort.current = null
      setProgress(null)
    }
  }, [])

  const cancel = useCallback(() => {
    abort.current?.abort()
    setProgress(null)
  }, [])

  return { run, cancel, progress, error, clearError: () => setError(null) }
}
