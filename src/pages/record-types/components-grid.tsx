import { createContext, useContext } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import type { Component } from '../../../schemas/form-layout'
import { ActionButton } from '../../components/row-actions'
import { VARIABLES_LIST_ID } from './mapping-fields'
import type { RecordTypeEditController } from './use-record-type-edit'

// The cells read the controller from context, so the columns never change identity and an input
// keeps its focus while the user types (a new cell function would remount it).
const Controller = createContext<RecordTypeEditController | null>(null)
const useController = () => useContext(Controller)!

function Messages({ field }: { field: string }) {
  return useController()
    .messagesFor(field)
    .map((m) => (
      <div key={m} className="invalid-feedback d-block">
        {m}
      </div>
    ))
}

function SerialFieldCell({ row, index }: { row: Component; index: number }) {
  const c = useController()
  const field = `components.${index}.serialField`
  return (
    <>
      <Form.Control
        size="sm"
        aria-label="Component serial field"
        list={VARIABLES_LIST_ID}
        autoComplete="off"
        value={row.serialField ?? ''}
        isInvalid={c.messagesFor(field).length > 0}
        onChange={(e) => c.updateComponent(row.id, { serialField: e.target.value }, `component:${row.id}`)}
      />
      <Messages field={field} />
    </>
  )
}

function ProductTypeCell({ row, index }: { row: Component; index: number }) {
  const c = useController()
  const field = `components.${index}.productType`
  return (
    <>
      <Form.Select
        size="sm"
        aria-label="Component product type"
        value={row.productType?.id ?? ''}
        isInvalid={c.messagesFor(field).length > 0}
        onChange={(e) => {
          const type = c.productTypes.find((t) => t.id === Number(e.target.value))
          c.updateComponent(row.id, { productType: type ? { id: type.id, name: type.name } : null })
        }}
      >
        <option value="">Select a product type…</option>
        {c.productTypes.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </Form.Select>
      <Messages field={field} />
    </>
  )
}

function DeleteCell({ row }: { row: Component }) {
  const c = useController()
  return (
    <ActionButton variant="outline-danger" label="Delete component" onClick={() => c.removeComponent(row.id)}>
      Delete
    </ActionButton>
  )
}

const COLUMNS: ColumnDef<Component, unknown>[] = [
  {
    id: 'serialField',
    header: 'Serial Field',
    enableSorting: false,
    cell: ({ row }) => <SerialFieldCell row={row.original} index={row.index} />,
  },
  {
    id: 'productType',
    header: 'Product Type',
    enableSorting: false,
    cell: ({ row }) => <ProductTypeCell row={row.original} index={row.index} />,
  },
  actionsColumn<Component>(({ row }) => <DeleteCell row={row.original} />),
]

/** The Components grid of SPEC §2: Serial Field, Product Type, Actions, and 'Add new component'. */
export function ComponentsGrid({ c }: { c: RecordTypeEditController }) {
  const rows = c.components
  return (
    <Controller.Provider value={c}>
      <section aria-labelledby="components-title" className="mb-4">
        <div className="d-flex align-items-center justify-content-between mb-2">
          <h2 id="components-title" className="h5 mb-0">
            Components
          </h2>
          <Button size="sm" variant="outline-primary" onClick={c.addComponent}>
            Add new component
          </Button>
        </div>
        <DataGrid
          label="Components"
          columns={COLUMNS}
          data={rows}
          getRowId={(r) => String(r.id)}
          emptyText="No components."
          showRowId={rows.length ? String(rows[rows.length - 1].id) : null}
        />
      </section>
    </Controller.Provider>
  )
}
