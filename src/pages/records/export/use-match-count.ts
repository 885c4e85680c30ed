import { useEffect, useState } from 'react'
import type { RecordsFilter } from '../../../../schemas/records'
import { useDebounced } from '../../../components/use-debounced'
import { recordsApi } from '../records-api'

/** How many records the dialog's filter matches, for 'Download now' (size-1 page of the records call). */
export function useMatchCount(filter: RecordsFilter | null) {
  const current = filter ? JSON.stringify(filter) : null
  const key = useDebounced(current, 300)
  const [count, setCount] = useState<{ key: string; n: number } | null>(null)
  useEffect(() => {
    if (!key) return
    const controller = new AbortController()
    recordsApi.page(0, 1, JSON.parse(key) as RecordsFilter, controller.signal).then(
      (page) => setCount({ key, n: page.totalCount }),
      () => !controller.signal.aborted && setCount(null),
    )
    return () => controller.abort()
  }, [key])
  // A count for an older filter is no count: the user is still changing it.
  return count && count.key === current ? count.n : null
}
