import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react'
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type PaginationState,
  type SortingState,
  type TableOptions,
  type Updater,
} from '@tanstack/react-table'
import type { DataGridProps, ServerPaging } from './data-grid'
import { fuzzyFilter } from './fuzzy'
import { PAGE_SIZES, type ListQuery } from './list-query'

const apply = <S>(updater: Updater<S>, old: S): S =>
  typeof updater === 'function' ? (updater as (o: S) => S)(old) : updater

function serverState(query: ListQuery) {
  return {
    pagination: { pageIndex: query.page, pageSize: query.size },
    sorting: query.sort ? [{ id: query.sort.field, desc: query.sort.direction === 'desc' }] : [],
    columnFilters: Object.entries(query.filter).map(([id, value]) => ({ id, value })),
  }
}

type ModeOptions<T> = Partial<TableOptions<T>>

/** Server mode: paging, sorting and filtering are manual and each change becomes a new query. */
function serverOptions<T>(server: ServerPaging): ModeOptions<T> {
  const toQuery = (patch: Partial<ListQuery>) => server.onQueryChange({ ...server.query, ...patch })
  return {
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount: Math.max(1, Math.ceil(server.totalCount / server.query.size)),
    onPaginationChange: (u) => toQuery({ page: apply(u, serverState(server.query).pagination).pageIndex }),
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
}

/** Client mode: the table sorts, filters and pages `data` itself; a new filter goes back to page 1. */
function clientOptions<T>(
  setSorting: Dispatch<SetStateAction<SortingState>>,
  setColumnFilters: Dispatch<SetStateAction<ColumnFiltersState>>,
  setPagination: Dispatch<SetStateAction<PaginationState>>,
): ModeOptions<T> {
  return {
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onColumnFiltersChange: (u) => {
      setColumnFilters((old) => apply(u, old))
      setPagination((p) => ({ ...p, pageIndex: 0 }))
    },
  }
}

/**
 * The DataGrid's controller: the react-table instance in client or server mode, its sorting, filter,
 * page and expansion state, and where the pager stands.
 */
export function useGridTable<T>(props: DataGridProps<T>) {
  const { columns, data, server, renderExpanded, canExpand, showRowId } = props
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

  const table = useReactTable<T>({
    data: rows,
    columns,
    state,
    getRowId: props.getRowId,
    defaultColumn: { filterFn: fuzzyFilter as never, sortUndefined: 'last' },
    // Every column's first press sorts ascending. react-table's default takes the direction from the
    // first row's value (text ascending, anything else descending), so a page leading with an empty
    // date made the next press clear the sort instead of reversing it.
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: renderExpanded ? (row) => (canExpand ? canExpand(row.original) : true) : () => false,
    onExpandedChange: (u) => setExpanded(apply(u, expanded) as Record<string, boolean>),
    // Editing a cell changes `data`; the page must stay where the user is.
    autoResetPageIndex: false,
    autoResetExpanded: false,
    ...(server ? serverOptions<T>(server) : clientOptions<T>(setSorting, setColumnFilters, setPagination)),
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

  return { table, total, pageCount, pageIndex, pageSize }
}
