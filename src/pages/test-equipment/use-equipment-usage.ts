import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { PAGE_SIZES, type ListQuery } from '../../../runtime/grid'
import type { EquipmentUsageFilter } from '../../../schemas/records'
import { ApiError, describeError } from '../../api/client'
import { usePagedList } from '../../api/use-paged-list'
import { useDebounced } from '../../components/use-debounced'
import { deviceHistoryApi } from './device-history-api'

/** The usage list's filters: a day range (yyyy-MM-dd, both included) and 'used after expiry' only. */
export interface UsageFilters {
  from: string
  to: string
  afterExpiry: boolean
}

export const NO_USAGE_FILTERS: UsageFilters = { from: '', to: '', afterExpiry: false }

/** The server filter of the page's filters (empty ends left out). */
export const usageFilter = (f: UsageFilters): EquipmentUsageFilter => ({
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.afterExpiry ? { afterExpiry: true } : {}),
})

/**
 * Controller of the device's usage (issue #15.3): the records that used it, newest first, server-paged,
 * by date range and 'used after expiry'; and opening an impact case for the records used after expiry.
 */
export function useEquipmentUsage(deviceId: number) {
  const [filters, setFiltersState] = useState<UsageFilters>(NO_USAGE_FILTERS)
  const [query, setQuery] = useState<ListQuery>({ page: 0, size: PAGE_SIZES.list, filter: {} })
  const sent = useDebounced(filters, 250, (a, b) => a.afterExpiry !== b.afterExpiry)
  const fetchPage = useCallback(
    (page: number, size: number, filter: EquipmentUsageFilter, signal: AbortSignal) =>
      deviceHistoryApi.usage(deviceId, page, size, filter, signal),
    [deviceId],
  )
  const page = usePagedList(fetchPage, query.page, query.size, usageFilter(sent))
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()

  const setFilters = (next: UsageFilters) => {
    setFiltersState(next)
    setQuery((q) => ({ ...q, page: 0 }))
  }

  const openLapsedCase = async () => {
    setOpening(true)
    setError(null)
    try {
      const opened = await deviceHistoryApi.openLapsedCase(deviceId)
      navigate(`/ImpactCases/${opened.id}`)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : describeError(e))
    } finally {
      setOpening(false)
    }
  }

  return { filters, setFilters, query, setQuery, ...page, openLapsedCase, opening, openError: error }
}

export type EquipmentUsageController = ReturnType<typeof useEquipmentUsage>
