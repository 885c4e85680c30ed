/**
 * The one list contract of server-paged grids: the grid asks for a page and the server answers the
 * page's rows and the total count. Client-paged grids use the same shape internally.
 */
export interface ListQuery {
  /** Zero-based page index. */
  page: number
  size: number
  sort?: { field: string; direction: 'asc' | 'desc' }
  /** Column id → filter text (or value) of the columns that have one. */
  filter: Record<string, string>
}

/** A server's answer for a {@link ListQuery}. */
export interface ListPage<T> {
  totalCount: number
  result: T[]
}

/** SPEC §9 page sizes. */
export const PAGE_SIZES = { list: 10, supplierProducts: 5, serialRanges: 3 } as const

/**
 * A list's page and sort in its URL's query (s12: /Products, /ImpactCases, a case's records), so Back and
 * a shared link show the same page: `?page=` counts from 1 as the pager shows it, `?sort={field}.{asc|desc}`.
 */
export const listParams = {
  /** The zero-based page of `?page=`; the first page for anything that is not a page number. */
  page(raw: string | null): number {
    const text = (raw ?? '').trim()
    return /^\d{1,9}$/.test(text) && Number(text) > 1 ? Number(text) - 1 : 0
  },
  /** The `?page=` text of a zero-based page: '' for the first. */
  pageText: (page: number): string => (page > 0 ? String(page + 1) : ''),
  /** `?sort=` for a field `sortable` names; none otherwise. */
  sort(raw: string | null, sortable: ReadonlySet<string>): ListQuery['sort'] {
    const m = /^(.+)\.(asc|desc)$/.exec(raw ?? '')
    return m && sortable.has(m[1]!) ? { field: m[1]!, direction: m[2] as 'asc' | 'desc' } : undefined
  },
  /** The `?sort=` text of a sort: '' for none. */
  sortText: (sort: ListQuery['sort']): string => (sort ? `${sort.field}.${sort.direction}` : ''),
}
