import Pagination from 'react-bootstrap/Pagination'

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
  return (
    <div className="grid-pager d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span className="text-secondary small" aria-live="polite">
        {totalCount === 0 ? 'No rows' : `Showing ${from}–${to} of ${totalCount}`}
      </span>
      {pageCount > 1 && (
        <Pagination size="sm" className="mb-0" aria-label={`${label} pages`}>
          <Pagination.First disabled={first} onClick={() => onPage(0)} aria-label="First page" />
          <Pagination.Prev
            disabled={first}
            onClick={() => onPage(pageIndex - 1)}
            aria-label="Previous page"
          />
          <Pagination.Item active activeLabel="" aria-label={`Page ${pageIndex + 1} of ${pageCount}`}>
            {`Page ${pageIndex + 1} of ${pageCount}`}
          </Pagination.Item>
          <Pagination.Next disabled={last} onClick={() => onPage(pageIndex + 1)} aria-label="Next page" />
          <Pagination.Last disabled={last} onClick={() => onPage(pageCount - 1)} aria-label="Last page" />
        </Pagination>
      )}
    </div>
  )
}
