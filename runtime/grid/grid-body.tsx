import type { ReactNode } from 'react'
import { flexRender, type Row, type Table } from '@tanstack/react-table'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import type { GridColumnMeta } from './columns'

/** A column's name for the stacked phone layout, where each cell is labelled (styles.css .data-grid). */
const columnLabel = (header: unknown, id: string) => (typeof header === 'string' ? header : id)

/** What the body shows besides the rows: its loading, failed and empty states. */
export interface GridBodyProps<T> {
  table: Table<T>
  loading?: boolean
  loadFailed?: boolean
  onRetry?: () => void
  emptyText?: string
  renderExpanded?: (row: Row<T>) => ReactNode
}

/** One line across the whole table, for the loading, failed and empty states. */
function StateRow({
  colSpan,
  className,
  children,
}: {
  colSpan: number
  className?: string
  children: ReactNode
}) {
  return (
    <tr>
      <td
        colSpan={colSpan}
        className={
          className ? `text-center text-secondary py-4 ${className}` : 'text-center text-secondary py-4'
        }
      >
        {children}
      </td>
    </tr>
  )
}

/** A page row with its cells, and the expanded content under it while expanded. */
function GridRow<T>({
  row,
  leafCount,
  renderExpanded,
}: {
  row: Row<T>
  leafCount: number
  renderExpanded?: (row: Row<T>) => ReactNode
}) {
  return (
    <>
      <tr className={row.getIsExpanded() ? 'table-active' : undefined}>
        {row.getVisibleCells().map((cell) => {
          const meta = (cell.column.columnDef.meta ?? {}) as GridColumnMeta
          return (
            <td
              key={cell.id}
              className={meta.align === 'end' ? 'text-end text-nowrap' : undefined}
              data-label={meta.label ?? columnLabel(cell.column.columnDef.header, cell.column.id)}
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
    </>
  )
}

/** The grid's tbody: loading, load failed (with Retry), empty, or the current page's rows. */
export function GridBody<T>({
  table,
  loading,
  loadFailed,
  onRetry,
  emptyText,
  renderExpanded,
}: GridBodyProps<T>) {
  const leafCount = table.getVisibleLeafColumns().length
  const pageRows = table.getRowModel().rows
  return (
    <tbody>
      {loading ? (
        <StateRow colSpan={leafCount}>
          <Spinner animation="border" size="sm" aria-hidden="true" /> <span role="status">Loading…</span>
        </StateRow>
      ) : loadFailed ? (
        <StateRow colSpan={leafCount} className="grid-failed">
          The list could not be loaded.
          {onRetry && (
            <Button size="sm" variant="outline-primary" className="ms-2" onClick={onRetry}>
              Retry
            </Button>
          )}
        </StateRow>
      ) : pageRows.length === 0 ? (
        <StateRow colSpan={leafCount} className="grid-empty">
          {emptyText ?? 'No records to display'}
        </StateRow>
      ) : (
        pageRows.map((row) => (
          <GridRow key={row.id} row={row} leafCount={leafCount} renderExpanded={renderExpanded} />
        ))
      )}
    </tbody>
  )
}
