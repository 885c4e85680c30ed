import { useState, type Dispatch, type SetStateAction } from 'react'
import { PAGE_SIZES, type ListPage, type ListQuery } from '../../runtime/grid'
import { useDebounced } from '../components/use-debounced'
import { useResource } from './use-resource'

/** A server page call of the one list contract: `{page, size, filter}` (sort inside the filter) → ListPage. */
export type PageFetcher<TFilter, TRow> = (
  pageIndex: number,
  size: number,
  filter: TFilter,
  signal: AbortSignal,
) => Promise<ListPage<TRow>>

/** What a server-paged grid shows. */
export interface PagedRows<TRow> {
  rows: TRow[]
  totalCount: number
  loading: boolean
  error: unknown
  /** Loads the page again (a retry, or after a change elsewhere). */
  reload: () => void
}

// Typing in a column filter should not send one call per key.
const FILTER_DELAY_MS = 250

/**
 * The grid's query (page, size, sort, column filters) and the same query as sent: filter typing waits
 * FILTER_DELAY_MS, a new page or sort goes at once.
 */
export function useListQuery(
  initial: () => ListQuery = () => ({ page: 0, size: PAGE_SIZES.list, filter: {} }),
): [ListQuery, Dispatch<SetStateAction<ListQuery>>, ListQuery] {
  const [query, setQuery] = useState<ListQuery>(initial)
  const sent = useDebounced(query, FILTER_DELAY_MS, (a, b) => a.page !== b.page || a.sort !== b.sort)
  return [query, setQuery, sent]
}

/**
 * The one paged-list controller of the server-paged grids (records, products, audit): loads page
 * `pageIndex` of `size` rows for `filter`, the newest request winning (older ones are aborted), and
 * answers the rows and totalCount with loading and error state. `skip` answers an empty page without
 * a call (e.g. a viewer with no category to browse).
 */
export function usePagedList<TFilter, TRow>(
  fetchPage: PageFetcher<TFilter, TRow>,
  pageIndex: number,
  size: number,
  filter: TFilter,
  options: { skip?: boolean } = {},
): PagedRows<TRow> {
  const skip = options.skip === true
  const page = useResource(
    (signal) =>
      skip
        ? Promise.resolve<ListPage<TRow>>({ totalCount: 0, result: [] })
        : fetchPage(pageIndex, size, filter, signal),
    [pageIndex, size, JSON.stringify(filter), skip],
  )
  return {
    rows: page.data?.result ?? [],
    totalCount: page.data?.totalCount ?? 0,
    loading: page.loading,
    error: page.error,
    reload: page.reload,
  }
}
