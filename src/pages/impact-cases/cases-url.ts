import { listParams, PAGE_SIZES, type ListQuery } from '../../../runtime/grid'
import {
  IMPACT_CASE_STATUSES,
  SUSPECT_STATES,
  type ImpactCaseStatus,
  type SuspectState,
} from '../../../schemas/records'

/**
 * The views of /ImpactCases and /ImpactCases/{id} in their URL's query, so that Back and a shared link
 * bring them back (as /TestEquipment's ?status=): the list's `?status=open|closed&sort=id.asc&page=2`,
 * a case's `?show={state}&page=2`. Pages count from 1 in the URL, as the pager shows them.
 */

/** The list's status filter: every case, or open or closed ones. */
export type StatusChoice = '' | ImpactCaseStatus

/** The case's records filter: all, or one state. */
export type StateChoice = '' | SuspectState

const choiceOf = <T extends string>(raw: string | null, allowed: readonly T[]): T | '' =>
  allowed.find((a) => a === raw?.trim().toLowerCase()) ?? ''

/** Sets or (for '' or the default) removes each of `values` in a copy of `current`. */
function withValues(current: URLSearchParams, values: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(values)) {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

/** The case number is the one column of the list that sorts. */
const CASE_SORTS: ReadonlySet<string> = new Set(['id'])

/** The list's status, and its grid query (the case number is the one column that sorts). */
export function casesViewOf(params: URLSearchParams): { status: StatusChoice; query: ListQuery } {
  return {
    status: choiceOf(params.get('status'), IMPACT_CASE_STATUSES),
    query: {
      page: listParams.page(params.get('page')),
      size: PAGE_SIZES.list,
      filter: {},
      sort: listParams.sort(params.get('sort'), CASE_SORTS),
    },
  }
}

export function casesParamsOf(
  view: { status: StatusChoice; query: ListQuery },
  current: URLSearchParams,
): URLSearchParams {
  const { sort } = view.query
  return withValues(current, {
    status: view.status,
    sort: sort?.field === 'id' ? listParams.sortText(sort) : '',
    page: listParams.pageText(view.query.page),
  })
}

/** The case's records filter and page. */
export function caseViewOf(params: URLSearchParams): { state: StateChoice; page: number } {
  return { state: choiceOf(params.get('show'), SUSPECT_STATES), page: listParams.page(params.get('page')) }
}

export function caseParamsOf(
  view: { state: StateChoice; page: number },
  current: URLSearchParams,
): URLSearchParams {
  return withValues(current, { show: view.state, page: listParams.pageText(view.page) })
}

// The list's query as last shown, for the case page's Back link (any way the case was reached).
let listSearch = ''

/** Remembers the list's query (without '?'). */
export const rememberListSearch = (search: string) => {
  listSearch = search
}

/** The list as the user left it: /ImpactCases with its filter, sort and page. */
export const listHref = (): string => (listSearch ? `/ImpactCases?${listSearch}` : '/ImpactCases')
