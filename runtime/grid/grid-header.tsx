import { flexRender, type Header, type Table } from '@tanstack/react-table'
import Form from 'react-bootstrap/Form'
import type { GridColumnMeta } from './columns'

const metaOf = (header: Header<never, unknown>) => (header.column.columnDef.meta ?? {}) as GridColumnMeta

const headerText = (header: Header<never, unknown>) => {
  const def = header.column.columnDef.header
  return typeof def === 'string' ? def : header.column.id
}

/**
 * The header rows: one with sortable titles (buttons, so the keyboard can sort), one with the fuzzy
 * column filters when any column has one.
 */
export function GridHeader<T>({ table }: { table: Table<T> }) {
  const groups = table.getHeaderGroups()
  const leaves = table.getLeafHeaders() as unknown as Header<never, unknown>[]
  const anyFilter = leaves.some((h) => metaOf(h).filter || metaOf(h).renderFilter)
  return (
    <thead>
      {groups.map((group) => (
        <tr key={group.id}>
          {group.headers.map((h) => {
            const header = h as unknown as Header<never, unknown>
            const meta = metaOf(header)
            const sorted = header.column.getIsSorted()
            const title = flexRender(header.column.columnDef.header, header.getContext())
            return (
              <th
                key={header.id}
                scope="col"
                style={
                  meta.width
                    ? { width: meta.width, minWidth: meta.shrink ? undefined : meta.width }
                    : undefined
                }
                className={meta.align === 'end' ? 'text-end' : undefined}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    className={`grid-sort btn btn-link p-0 fw-semibold text-reset text-decoration-none ${
                      // A .btn centres its text: a header wrapped onto two lines aligns as the column does.
                      meta.align === 'end' ? 'text-end' : 'text-start'
                    }`}
                    onClick={header.column.getToggleSortingHandler()}
                    title={`Sort by ${headerText(header)}`}
                  >
                    {title}
                    <span className="grid-sort-icon" aria-hidden="true">
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                    </span>
                  </button>
                ) : (
                  title
                )}
              </th>
            )
          })}
        </tr>
      ))}
      {anyFilter && (
        <tr className="grid-filters">
          {leaves.map((header) => (
            <th key={header.id} scope="col">
              {metaOf(header).renderFilter && (
                // On a phone the titles above are sort buttons or hidden, so a select, toggle or date
                // pair would stand unlabelled: its column's title is drawn over it there (styles.css).
                <span className="grid-filter-label" aria-hidden="true">
                  {headerText(header)}
                </span>
              )}
              {metaOf(header).renderFilter?.({
                value: String(header.column.getFilterValue() ?? ''),
                // A cleared control removes the filter instead of sending an empty one.
                setValue: (v) => header.column.setFilterValue(v === '' ? undefined : v),
                label: headerText(header),
              })}
              {!metaOf(header).renderFilter && metaOf(header).filter && (
                <Form.Control
                  size="sm"
                  type="search"
                  value={String(header.column.getFilterValue() ?? '')}
                  onChange={(e) => header.column.setFilterValue(e.target.value)}
                  placeholder={`Filter ${headerText(header)}`}
                  // A narrow column cuts the placeholder; the title still says it whole on hover.
                  title={`Filter by ${headerText(header)}`}
                  aria-label={`Filter by ${headerText(header)}`}
                />
              )}
            </th>
          ))}
        </tr>
      )}
    </thead>
  )
}
