import { useState } from 'react'
import { PAGE_SIZES, type ListQuery } from '../../../runtime/grid'
import type { ImpactCaseFilter, ImpactCaseStatus } from '../../../schemas/records'
import { usePagedList } from '../../api/use-paged-list'
import { impactCasesApi } from './impact-cases-api'

/** The list's status filter: every case, or open or closed ones. */
export type StatusChoice = '' | ImpactCaseStatus

/** The server filter of the status choice and the grid's sort on the case number. */
export function casesFilter(status: StatusChoice, query: ListQuery): ImpactCaseFilter {
  return {
    ...(status ? { status } : {}),
    ...(query.sort?.field === 'id' ? { sortDirection: query.sort.direction } : {}),
  }
}

/** Controller of /ImpactCases: the status filter, the server-paged query (newest first) and the page. */
export function useImpactCasesList() {
  const [status, setStatusState] = useState<StatusChoice>('')
  const [query, setQuery] = useState<ListQuery>({ page: 0, size: PAGE_SIZES.list, filter: {} })
  const page = usePagedList(impactCasesApi.page, query.page, query.size, casesFilter(status, query))
  const setStatus = (next: StatusChoice) => {
    setStatusState(next)
    setQuery((q) => ({ ...q, page: 0 }))
  }
  return { status, setStatus, query, setQuery, ...page }
}
