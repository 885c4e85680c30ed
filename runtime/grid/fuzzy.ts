import { rankItem } from '@tanstack/match-sorter-utils'
import type { FilterFn, Row } from '@tanstack/react-table'

/**
 * The fuzzy column filter of SPEC §9 ("Fuzzy filtering is on in grids"): match-sorter ranking, so
 * 'acm' finds 'ACME Meters' and 'acme met' too. Numbers are matched on their text.
 */
export const fuzzyFilter: FilterFn<unknown> = (row: Row<unknown>, columnId, value: unknown) => {
  const needle = String(value ?? '').trim()
  if (!needle) return true
  const cell = row.getValue(columnId)
  return rankItem(cell == null ? '' : String(cell), needle).passed
}

// A blank filter removes itself instead of lingering as an empty entry in the filter state.
fuzzyFilter.autoRemove = (value: unknown) => value == null || String(value).trim() === ''
