import Pagination from 'react-bootstrap/Pagination'
import { isCappedCount } from '../../schemas/paging'

export interface GridPagerProps {
  /** Zero-based. */
  pageIndex: number
  pageCount: number
  pageSize: number
  totalCount: number
  onPage: (pageIndex: number) => void
  label: string
}

/** 'Showing 11–20 of 23' and first/previous/next/last buttons; the buttons are real, focusable buttons. */
export function GridPager({ pageIndex, pageCount, pageSize, totalCount, onPage, label }: GridPagerProps) {
  const from = totalCount === 0 ? 0 : pageIndex * pageSize + 1
  const to = Math.min(totalCount, (pageIndex + 1) * pageSize)
  const first = pageIndex <= 0
  const last = pageIndex >= pageCount - 1
  // A server-paged answer past the count horizon is "more than N": there is no known last page.
  const capped = isCappedCount(totalCount, pageIndex * pageSize, pageSize)
  const total = capped
    ? `more than ${(totalCount - 1).toLocaleString('en-GB')}`
    : totalCount.toLocaleString('en-GB')
  return (
    <div className="grid-pager d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span className="text-secondary small" aria-live="polite">
        {totalCount === 0 ? 'No rows' : `Showing ${from}–${to} of ${total}`}
      </span>
      {pageCount > 1 && (
        <Pagination size="sm" className="mb-0" aria-label={`${label} pages`}>
          <Pagination.First disabled={first} onClick={() => onPage(0)} aria-label="First page" />
          <Pagination.Prev
            disabled={first}
            onClick={() => onPage(pageIndex - 1)}
            aria-label="Previous page"
          />
          <Pagination.Item
            active
            activeLabel=""
            aria-label={capped ? `Page ${pageIndex + 1}` : `Page ${pageIndex + 1} of ${pageCount}`}
          >
            {capped ? `Page ${pageIndex + 1}` : `Page ${pageIndex + 1} of ${pageCount}`}
          </Pagination.Item>
          <Pagination.Next disabled={last} onClick={() => onPage(pageIndex + 1)} aria-label="Next page" />
          <Pagination.Last
            disabled={last || capped}
            onClick={() => onPage(pageCount - 1)}
            aria-label="Last page"
          />
        </Pagination>
      )}
    </div>
  )
}
