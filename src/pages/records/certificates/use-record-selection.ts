import { useCallback, useEffect, useState } from 'react'
import type { RecordsFilter } from '../../../../schemas/records'

/** The records chosen on /Records: some by their checkboxes, or every record the filter matches. */
export interface RecordSelection {
  ids: ReadonlySet<number>
  allMatching: boolean
  /** How many records the selection holds (the match count when all matching are chosen). */
  count: number
  toggle: (id: number, on: boolean) => void
  togglePage: (ids: readonly number[], on: boolean) => void
  selectAllMatching: () => void
  /** Exactly these ids (leaving 'all matching', e.g. when one row of it is unticked). */
  only: (ids: readonly number[]) => void
  clear: () => void
  /** What a batch call sends: the ids, or the filter of the records page. */
  chosen: () => { ids: number[] } | { filter: RecordsFilter }
}

/**
 * Row checkboxes and 'select all matching' (issue #16.3). Picked ids stay picked across pages; a change
 * of filters, sort or category clears the selection, so it never holds records the grid no longer shows.
 */
export function useRecordSelection(filter: RecordsFilter, totalCount: number): RecordSelection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set())
  const [allMatching, setAllMatching] = useState(false)
  const key = JSON.stringify({ ...filter, sortField: undefined, sortDirection: undefined })

  const clear = useCallback(() => {
    setIds(new Set())
    setAllMatching(false)
  }, [])
  useEffect(clear, [key, clear])

  const toggle = useCallback((id: number, on: boolean) => {
    setAllMatching(false)
    setIds((old) => {
      const next = new Set(old)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])
  const togglePage = useCallback((page: readonly number[], on: boolean) => {
    setAllMatching(false)
    setIds((old) => {
      const next = new Set(old)
      for (const id of page) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }, [])

  return {
    ids,
    allMatching,
    count: allMatching ? totalCount : ids.size,
    toggle,
    togglePage,
    selectAllMatching: () => setAllMatching(true),
    only: (next) => {
      setAllMatching(false)
      setIds(new Set(next))
    },
    clear,
    chosen: () => (allMatching ? { filter } : { ids: [...ids] }),
  }
}
