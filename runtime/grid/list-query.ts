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
