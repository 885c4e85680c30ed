import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { actionsColumn, schemaColumns } from './columns'
import { DataGrid } from './data-grid'
import type { ListQuery } from './list-query'

const schema = { properties: { id: { title: 'ID' }, name: { title: 'Name' } } }
interface Item {
  id: number
  name: string
}
const items: Item[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Supplier ${String(i + 1).padStart(2, '0')}`,
}))
items[4] = { id: 5, name: 'ACME Meters' }
const columns = schemaColumns<Item>(schema, ['id', 'name'], { id: { filter: true }, name: { filter: true } })

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Suppliers' }))
    .getAllByRole('row')
    .slice(2)
const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent)

describe('DataGrid (client mode)', () => {
  it('shows 10 rows a page and moves between pages with the pager buttons', async () => {
    render(<DataGrid label="Suppliers" columns={columns} data={items} />)
    expect(bodyRows()).toHaveLength(10)
    expect(screen.getByText('Showing 1–10 of 23')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(screen.getByText('Showing 11–20 of 23')).toBeInTheDocument()
    expect(names()[0]).toBe('Supplier 11')
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }))
    expect(bodyRows()).toHaveLength(3)
  })

  it('uses the given page size (supplier products 5)', () => {
    render(<DataGrid label="Suppliers" columns={columns} data={items} pageSize={5} />)
    expect(bodyRows()).toHaveLength(5)
    expect(screen.getByText('Showing 1–5 of 23')).toBeInTheDocument()
  })

  it('sorts by a column from its header button, descending on the second press', async () => {
    render(<DataGrid label="Suppliers" columns={columns} data={items} />)
    const sortByName = screen.getByRole('button', { name: /^Name/ })
    await userEvent.click(sortByName)
    expect(names()[0]).toBe('ACME Meters')
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending')
    await userEvent.click(sortByName)
    expect(names()[0]).toBe('Supplier 23')
  })

  it('filters a column fuzzily and resets to the first page', async () => {
    render(<DataGrid label="Suppliers" columns={columns} data={items} />)
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await userEvent.type(screen.getByLabelText('Filter by Name'), 'acm mtrs')
    expect(names()).toEqual(['ACME Meters'])
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument()
  })

  it('shows the empty text when nothing matches, and the loading state while loading', async () => {
    const { rerender } = render(
      <DataGrid label="Suppliers" columns={columns} data={[]} emptyText="No suppliers yet" />,
    )
    expect(screen.getByText('No suppliers yet')).toBeInTheDocument()
    rerender(<DataGrid label="Suppliers" columns={columns} data={[]} loading />)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Suppliers' })).toHaveAttribute('aria-busy', 'true')
  })

  it('gives the ID column 80 px and the actions column 150 px, and actions are keyboard buttons', async () => {
    const onEdit = vi.fn()
    const withActions = [
      ...columns,
      actionsColumn<Item>(({ row }) => (
        <button type="button" onClick={() => onEdit(row.original.id)}>
          Edit {row.original.name}
        </button>
      )),
    ]
    render(<DataGrid label="Suppliers" columns={withActions} data={items.slice(0, 2)} />)
    expect(screen.getByRole('columnheader', { name: /^ID/ })).toHaveStyle({ width: '80px' })
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveStyle({ width: '150px' })
    screen.getByRole('button', { name: 'Edit Supplier 02' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(onEdit).toHaveBeenCalledWith(2)
  })

  it('expands a row to show its sub grid', async () => {
    const expander = [
      ...columns,
      actionsColumn<Item>(({ row }) => (
        <button type="button" onClick={row.getToggleExpandedHandler()}>
          Ranges of {row.original.name}
        </button>
      )),
    ]
    render(
      <DataGrid
        label="Suppliers"
        columns={expander}
        data={items.slice(0, 2)}
        renderExpanded={(row) => <p>Serial ranges of {row.original.name}</p>}
      />,
    )
    expect(screen.queryByText('Serial ranges of Supplier 01')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Ranges of Supplier 01' }))
    expect(screen.getByText('Serial ranges of Supplier 01')).toBeInTheDocument()
  })
})

describe('DataGrid (server mode)', () => {
  it('reports page, sort and filter changes as a ListQuery and shows the server total', async () => {
    const query: ListQuery = { page: 0, size: 10, filter: {} }
    const onQueryChange = vi.fn()
    render(
      <DataGrid
        label="Suppliers"
        columns={columns}
        data={items.slice(0, 10)}
        server={{ query, totalCount: 123, onQueryChange }}
      />,
    )
    expect(screen.getByText('Showing 1–10 of 123')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 13')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, size: 10, filter: {} })
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }))
    expect(onQueryChange).toHaveBeenLastCalledWith({
      page: 0,
      size: 10,
      filter: {},
      sort: { field: 'name', direction: 'asc' },
    })
    await userEvent.type(screen.getByLabelText('Filter by ID'), '7')
    expect(onQueryChange).toHaveBeenLastCalledWith({
      page: 0,
      size: 10,
      filter: { id: '7' },
      sort: undefined,
    })
    // The grid does not page the server's rows again.
    expect(bodyRows()).toHaveLength(10)
  })
})

describe('DataGrid sort order does not depend on the rows shown (s12)', () => {
  interface Dated {
    id: number
    last: string | null
  }
  const datedColumns = schemaColumns<Dated>(
    { properties: { id: { title: 'ID' }, last: { title: 'Last Record' } } },
    ['id', 'last'],
  )
  // react-table picks the first press's direction from the first row's value (text: ascending,
  // anything else: descending): once a page led with an empty date, the second press cleared the sort
  // instead of reversing it (/Products by Last Record, never-recorded products first).
  it('goes ascending, descending, then unsorted, whatever the first row holds', async () => {
    const onQueryChange = vi.fn()
    const grid = (query: ListQuery, data: Dated[]) => (
      <DataGrid
        label="Products"
        columns={datedColumns}
        data={data}
        server={{ query, totalCount: 2, onQueryChange }}
      />
    )
    const withDates = [
      { id: 1, last: '2026-11-19T10:00:00.000Z' },
      { id: 2, last: null },
    ]
    const { rerender } = render(grid({ page: 0, size: 10, filter: {} }, withDates))
    const press = () => userEvent.click(screen.getByRole('button', { name: /^Last Record/ }))
    await press()
    const ascending: ListQuery = { page: 0, size: 10, filter: {}, sort: { field: 'last', direction: 'asc' } }
    expect(onQueryChange).toHaveBeenLastCalledWith(ascending)
    // The server's ascending page leads with the product never recorded.
    rerender(grid(ascending, [...withDates].reverse()))
    await press()
    const descending: ListQuery = { ...ascending, sort: { field: 'last', direction: 'desc' } }
    expect(onQueryChange).toHaveBeenLastCalledWith(descending)
    rerender(grid(descending, withDates))
    await press()
    expect(onQueryChange).toHaveBeenLastCalledWith({ ...ascending, sort: undefined })
  })
})

describe('DataGrid (own filter controls)', () => {
  it("renders a column's own filter control and sends its text value as a server filter", async () => {
    const query: ListQuery = { page: 2, size: 10, filter: { name: 'acme' } }
    const onQueryChange = vi.fn()
    const withToggle = [
      ...columns,
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        meta: {
          renderFilter: ({
            value,
            setValue,
            label,
          }: {
            value: string
            setValue: (v: string) => void
            label: string
          }) => (
            <button type="button" onClick={() => setValue(value === 'pass' ? '' : 'pass')}>
              {`Filter by ${label}: ${value || 'all'}`}
            </button>
          ),
        },
      },
    ]
    const { rerender } = render(
      <DataGrid
        label="Suppliers"
        columns={withToggle}
        data={items.slice(0, 10)}
        server={{ query, totalCount: 30, onQueryChange }}
      />,
    )
    // The text filters still show beside the column's own control.
    expect(screen.getByLabelText('Filter by Name')).toHaveValue('acme')
    await userEvent.click(screen.getByRole('button', { name: 'Filter by Status: all' }))
    expect(onQueryChange).toHaveBeenLastCalledWith({
      page: 0,
      size: 10,
      filter: { name: 'acme', status: 'pass' },
    })

    rerender(
      <DataGrid
        label="Suppliers"
        columns={withToggle}
        data={items.slice(0, 10)}
        server={{ query: { page: 0, size: 10, filter: { status: 'pass' } }, totalCount: 3, onQueryChange }}
      />,
    )
    // Clearing the control drops the filter rather than sending an empty one.
    await userEvent.click(screen.getByRole('button', { name: 'Filter by Status: pass' }))
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 0, size: 10, filter: {} })
  })
})

describe('DataGrid column widths', () => {
  it('holds a fixed width as a floor, and a shrinking one only as a preference (walk s14)', () => {
    const actions = actionsColumn<Item>(() => <button type="button">Edit</button>)
    const shrinking = { ...actions, meta: { ...(actions.meta as object), width: 208, shrink: true } }
    const { unmount } = render(<DataGrid label="Suppliers" columns={[...columns, actions]} data={items} />)
    const fixed = screen.getByRole('columnheader', { name: 'Actions' })
    expect([fixed.style.width, fixed.style.minWidth]).toEqual(['150px', '150px'])
    unmount()
    render(<DataGrid label="Suppliers" columns={[...columns, shrinking]} data={items} />)
    const preferred = screen.getByRole('columnheader', { name: 'Actions' })
    expect([preferred.style.width, preferred.style.minWidth]).toEqual(['208px', ''])
  })
})
