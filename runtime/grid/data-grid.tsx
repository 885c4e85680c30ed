import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type PaginationState,
  type Row,
  type SortingState,
  type Updater,
} from '@tanstack/react-table'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import Table from 'react-bootstrap/Table'
import type { GridColumnMeta } from './columns'
import { fuzzyFilter } from './fuzzy'
import { GridHeader } from './grid-header'
import { GridPager } from './grid-pager'
import { PAGE_SIZES, type ListQuery } from './list-query'

/** A column's name for the stacked phone layout, where each cell is labelled (styles.css .data-grid). */
const columnLabel = (header: unknown, id: string) => (typeof header === 'string' ? header : id)

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

const apply = <S,>(updater: Updater<S>, old: S): S =>
  typeof updater === 'function' ? (updater as (o: S) => S)(old) : updater

function serverState(query: ListQuery) {
  return {
    pagination: { pageIndex: query.page, pageSize: query.size },
    sorting: query.sort ? [{ id: query.sort.field, desc: query.sort.direction === 'desc' }] : [],
    columnFilters: Object.entries(query.filter).map(([id, value]) => ({ id, value })),
  }
}

/**
 * The one grid of the app on @tanstack/react-table: pages of SPEC §9 sizes, sorting from the header,
 * fuzzy (match-sorter) column filters, loading and empty states, and expandable rows. Client-paged
 * by default; with `server` it pages, sorts and filters through the {@link ListQuery} contract.
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const { label, columns, data, loading, server, renderExpanded, canExpand, showRowId } = props
  const pageSize = props.pageSize ?? PAGE_SIZES.list
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting ?? [])
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([])
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize })
  const [ownExpanded, setOwnExpanded] = useState<Record<string, boolean>>({})
  const expanded = props.expanded ?? ownExpanded
  const setExpanded = (next: Record<string, boolean>) =>
    props.onExpandedChange ? props.onExpandedChange(next) : setOwnExpanded(next)
  const rows = useMemo(() => [...data], [data])

  const state = server
    ? { ...serverState(server.query), expanded }
    : { sorting, columnFilters, pagination, expanded }
  const toQuery = (patch: Partial<ListQuery>) => server!.onQueryChange({ ...server!.query, ...patch })

  const table = useReactTable<T>({
    data: rows,
    columns,
    state,
    getRowId: props.getRowId,
    defaultColumn: { filterFn: fuzzyFilter as never, sortUndefined: 'last' },
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: renderExpanded ? (row) => (canExpand ? canExpand(row.original) : true) : () => false,
    onExpandedChange: (u) => setExpanded(apply(u, expanded) as Record<string, boolean>),
    // Editing a cell changes `data`; the page must stay where the user is.
    autoResetPageIndex: false,
    autoResetExpanded: false,
    ...(server
      ? {
          manualPagination: true,
          manualSorting: true,
          manualFiltering: true,
          pageCount: Math.max(1, Math.ceil(server.totalCount / server.query.size)),
          onPaginationChange: (u) =>
            toQuery({ page: apply(u, serverState(server.query).pagination).pageIndex }),
          onSortingChange: (u) => {
            const [first] = apply(u, serverState(server.query).sorting)
            toQuery({
              page: 0,
              sort: first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : undefined,
            })
          },
          onColumnFiltersChange: (u) => {
            const next = apply(u, serverState(server.query).columnFilters)
            toQuery({ page: 0, filter: Object.fromEntries(next.map((f) => [f.id, String(f.value ?? '')])) })
          },
        }
      : {
          getSortedRowModel: getSortedRowModel(),
          getFilteredRowModel: getFilteredRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
          onSortingChange: setSorting,
          onPaginationChange: setPagination,
          onColumnFiltersChange: (u) => {
            setColumnFilters((old) => apply(u, old))
            setPagination((p) => ({ ...p, pageIndex: 0 }))
          },
        }),
  })

  const total = server ? server.totalCount : table.getFilteredRowModel().rows.length
  const pageCount = Math.max(1, table.getPageCount())
  const pageIndex = table.getState().pagination.pageIndex

  // Rows removed from the last page: step back to a page that exists.
  useEffect(() => {
    if (!server && pageIndex > pageCount - 1) setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }))
  }, [server, pageIndex, pageCount])

  // Jump to the page of a row the caller wants seen (a row just added on another page).
  const visibleIds = table.getPrePaginationRowModel().rows.map((r) => r.id)
  const wantedIndex = showRowId ? visibleIds.indexOf(showRowId) : -1
  useEffect(() => {
    if (server || wantedIndex < 0) return
    const page = Math.floor(wantedIndex / pageSize)
    setPagination((p) => (p.pageIndex === page ? p : { ...p, pageIndex: page }))
  }, [server, wantedIndex, pageSize])

  const leafCount = table.getVisibleLeafColumns().length
  const pageRows = table.getRowModel().rows
  return (
    <div className="data-grid">
      <Table responsive hover size="sm" className="align-middle mb-2" aria-label={label} aria-busy={loading}>
        <GridHeader table={table} />
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={leafCount} className="text-center text-secondary py-4">
                <Spinner animation="border" size="sm" aria-hidden="true" />{' '}
                <span role="status">Loading…</span>
              </td>
            </tr>
          ) : props.loadFailed ? (
            <tr>
              <td colSpan={leafCount} className="text-center text-secondary py-4 grid-failed">
                The list could not be loaded.
                {props.onRetry && (
                  <Button size="sm" variant="outline-primary" className="ms-2" onClick={props.onRetry}>
                    Retry
                  </Button>
                )}
              </td>
            </tr>
          ) : pageRows.length === 0 ? (
            <tr>
              <td colSpan={leafCount} className="text-center text-secondary py-4 grid-empty">
                {props.emptyText ?? 'No records to display'}
              </td>
            </tr>
          ) : (
            pageRows.map((row) => (
              <Fragment key={row.id}>
                <tr className={row.getIsExpanded() ? 'table-active' : undefined}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = (cell.column.columnDef.meta ?? {}) as GridColumnMeta
                    return (
                      <td
                        key={cell.id}
                        className={meta.align === 'end' ? 'text-end text-nowrap' : undefined}
                        data-label={columnLabel(cell.column.columnDef.header, cell.column.id)}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    )
                  })}
                </tr>
                {row.getIsExpanded() && renderExpanded && (
                  <tr className="grid-expanded">
                    <td colSpan={leafCount} className="ps-4 bg-body-tertiary">
                      {renderExpanded(row)}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))
          )}
        </tbody>
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
