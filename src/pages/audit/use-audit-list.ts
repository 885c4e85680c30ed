import { useState } from 'react'
import { PAGE_SIZES, type ListQuery } from '../../../runtime/grid'
import type { AuditFilter } from '../../../schemas/audit'
import { usePagedList } from '../../api/use-paged-list'
import { useDebounced } from '../../components/use-debounced'
import { auditApi } from './audit-api'

// Typing a user name should not send one call per key.
const FILTER_DELAY_MS = 250

/** The Audit page's filters above the grid. Dates are ISO days (inclusive); empty means no bound. */
export interface AuditFilters {
  user: string
  entity: string
  from: string
  to: string
}

export const NO_FILTERS: AuditFilters = { user: '', entity: '', from: '', to: '' }

/** The server filter of the page's filters and the grid's sort on When. */
export function auditFilter(filters: AuditFilters, query: ListQuery): AuditFilter {
  return {
    ...(filters.user.trim() ? { user: filters.user.trim() } : {}),
    ...(filters.entity ? { entity: filters.entity as AuditFilter['entity'] } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(query.sort?.field === 'at' ? { sortDirection: query.sort.direction } : {}),
  }
}

/** Controller of /Audit: filters, the server-paged query (newest first) and the page of rows. */
export function useAuditList() {
  const [filters, setFiltersState] = useState<AuditFilters>(NO_FILTERS)
  const [query, setQuery] = useState<ListQuery>({ page: 0, size: PAGE_SIZES.list, filter: {} })
  const sentFilters = useDebounced(filters, FILTER_DELAY_MS, (a, b) => a.entity !== b.entity)
  const filter = auditFilter(sentFilters, query)
  const page = usePagedList(auditApi.page, query.page, query.size, filter)
  const setFilters = (next: AuditFilters) => {
    setFiltersState(next)
    // New filters start again at the first page.
    setQuery((q) => ({ ...q, page: 0 }))
  }
  return {
    filters,
    setFilters,
    query,
    setQuery,
    ...page,
  }
}
