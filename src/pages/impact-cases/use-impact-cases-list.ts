import { useEffect, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { ListQuery } from '../../../runtime/grid'
import type { ImpactCaseFilter } from '../../../schemas/records'
import { usePagedList } from '../../api/use-paged-list'
import { casesParamsOf, casesViewOf, rememberListSearch, type StatusChoice } from './cases-url'
import { impactCasesApi } from './impact-cases-api'

export type { StatusChoice } from './cases-url'

/** The server filter of the status choice and the grid's sort on the case number. */
export function casesFilter(status: StatusChoice, query: ListQuery): ImpactCaseFilter {
  return {
    ...(status ? { status } : {}),
    ...(query.sort?.field === 'id' ? { sortDirection: query.sort.direction } : {}),
  }
}

/** What an empty grid says: only with no filter and no case at all is it that no calibration opened one. */
export function casesEmptyText(status: StatusChoice, totalCount: number): string {
  if (status) return 'No impact cases match these filters.'
  if (totalCount > 0) return 'No impact cases on this page.'
  return 'No impact cases: no calibration has found a device out of tolerance.'
}

/**
 * Controller of /ImpactCases: the status filter, the server-paged query (newest first) and the page,
 * kept in the URL (`?status=&sort=&page=`) so Back, the case page's Back link and a shared link show
 * the same list.
 */
export function useImpactCasesList() {
  const [params, setParams] = useSearchParams()
  const { status, query } = useMemo(() => casesViewOf(params), [params])
  const page = usePagedList(impactCasesApi.page, query.page, query.size, casesFilter(status, query))
  const search = params.toString()
  useEffect(() => rememberListSearch(search), [search])

  const show = (next: { status: StatusChoice; query: ListQuery }) =>
    setParams((current) => casesParamsOf(next, current), { replace: true, flushSync: true })
  const setStatus = (next: StatusChoice) => show({ status: next, query: { ...query, page: 0 } })
  const setQuery = (next: ListQuery) => show({ status, query: next })
  return { status, setStatus, query, setQuery, ...page }
}
