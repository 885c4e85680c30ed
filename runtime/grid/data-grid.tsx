import type { ReactNode } from 'react'
import type { ColumnDef, Row, SortingState } from '@tanstack/react-table'
import Table from 'react-bootstrap/Table'
import { GridBody } from './grid-body'
import { GridHeader } from './grid-header'
import { GridPager } from './grid-pager'
import type { ListQuery } from './list-query'
import { useGridTable } from './use-grid-table'

/** Server paging: the grid shows `data` as the current page and reports every change of the query. */
export interface ServerPaging {
  query: ListQuery
  totalCount: number
  onQueryChange: (query: ListQuery) => void
}

export interface DataGridProps<T> {
  /** Accessible name of the table, e.g. 'Suppliers'. */
  label: string
  columns: ColumnDef<T, unknown>[]
  data: readonly T[]
  /** SPEC §9: 10 on lists, 5 for a supplier's products, 3 for serial ranges. */
  pageSize?: number
  loading?: boolean
  /** Shown in place of rows when there are none. */
  emptyText?: string
  /**
   * The rows could not be loaded: the body says so (with Retry when `onRetry` is given) instead of
   * claiming the list is empty (issue #11.15). The page shows the error itself in its banner.
   */
  loadFailed?: boolean
  onRetry?: () => void
  /** Stable row ids keep editors focused while rows change. */
  getRowId?: (row: T, index: number) => string
  initialSorting?: SortingState
  /** A row that can expand shows `renderExpanded` under itself while expanded. */
  renderExpanded?: (row: Row<T>) => ReactNode
  canExpand?: (row: T) => boolean
  /** Controlled expansion (row id → expanded), e.g. to open a row when a sub row is added. */
  expanded?: Record<string, boolean>
  onExpandedChange?: (expanded: Record<string, boolean>) => void
  /** Client mode: show the page that holds this row id (e.g. a row just added). */
  showRowId?: string | null
  /** Server mode (manual pagination, sorting and filtering); client mode when absent. */
  server?: ServerPaging
}

/**
 * The one grid of the app on @tanstack/react-table: pages of SPEC §9 sizes, sorting from the header,
 * fuzzy (match-sorter) column filters, loading and empty states, and expandable rows. Client-paged
 * by default; with `server` it pages, sorts and filters through the {@link ListQuery} contract.
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const { label, loading, server } = props
  const { table, total, pageCount, pageIndex, pageSize } = useGridTable(props)
  return (
    <div className="data-grid">
      <Table responsive hover size="sm" className="align-middle mb-2" aria-label={label} aria-busy={loading}>
        <GridHeader table={table} />
        <GridBody
          table={table}
          loading={loading}
          loadFailed={props.loadFailed}
          onRetry={props.onRetry}
          emptyText={props.emptyText}
          renderExpanded={props.renderExpanded}
        />
      </Table>
      {/* An empty grid already says so in its body (emptyText); a pager line under it would repeat it. */}
      {total > 0 && !props.loadFailed && (
        <GridPager
          label={label}
          pageIndex={pageIndex}
          pageCount={pageCount}
          pageSize={server ? server.query.size : pageSize}
          totalCount={total}
          onPage={(p) => table.setPageIndex(p)}
        />
      )}
    </div>
  )
}
