import { useEffect, useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import { ActionButton } from '../../components/row-actions'
import { repeatedRecordType, repeatedRecordTypeRows, type RecordTypeRow } from './product-type-form'
import type { ProductTypeEditController } from './use-product-type-edit'

/** The Record Types grid of a product type: one dropdown per row, add and delete (SPEC §2). */
export function RecordTypesGrid({ c }: { c: ProductTypeEditController }) {
  const { recordTypeOptions, setRecordType, removeRecordType } = c
  // A record type already on an earlier row is said under the row at once; Save refuses it too.
  const repeated = useMemo(() => repeatedRecordTypeRows(c.form.recordTypes), [c.form.recordTypes])
  // The row just added: its page is shown and its dropdown takes the focus, so it cannot be missed.
  const [added, setAdded] = useState<string | null>(null)
  const [toFocus, setToFocus] = useState<string | null>(null)
  useEffect(() => {
    const select = toFocus && document.getElementById(`record-type-${toFocus}`)
    if (!select) return
    select.scrollIntoView({ block: 'nearest' })
    select.focus()
    setToFocus(null)
  }, [toFocus, c.form.recordTypes])
  const add = () => {
    const key = c.addRecordType()
    setAdded(key)
    setToFocus(key)
  }
  const columns = useMemo<ColumnDef<RecordTypeRow, unknown>[]>(
    () => [
      {
        id: 'recordType',
        header: 'Record Type',
        enableSorting: false,
        cell: ({ row }) => {
          const { key, id } = row.original
          const isRepeated = repeated.has(key)
          return (
            <>
              <Form.Select
                size="sm"
                id={`record-type-${key}`}
                aria-label="Record type"
                value={id ?? ''}
                isInvalid={isRepeated}
                aria-describedby={isRepeated ? `record-type-${key}-repeated` : undefined}
                onChange={(e) => setRecordType(key, e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">Select a record type…</option>
                {recordTypeOptions.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </Form.Select>
              {isRepeated && (
                <Form.Control.Feedback type="invalid" id={`record-type-${key}-repeated`}>
                  {repeatedRecordType(recordTypeOptions.find((r) => r.id === id)?.name ?? String(id))}
                </Form.Control.Feedback>
              )}
            </>
          )
        },
      },
      actionsColumn<RecordTypeRow>(({ row }) => (
        <ActionButton
          variant="outline-danger"
          label={`Delete record type ${recordTypeOptions.find((r) => r.id === row.original.id)?.name ?? ''}`.trim()}
          onClick={() => removeRecordType(row.original.key)}
        >
          Delete
        </ActionButton>
      )),
    ],
    [recordTypeOptions, setRecordType, removeRecordType, repeated],
  )
  return (
    <section aria-labelledby="record-types-title" className="mt-4">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 id="record-types-title" className="h5 mb-0">
          Record Types
        </h2>
        <Button size="sm" variant="outline-primary" onClick={add}>
          Add new record type
        </Button>
      </div>
      <DataGrid
        label="Record types of the product type"
        columns={columns}
        data={c.form.recordTypes}
        getRowId={(r) => r.key}
        emptyText="No record types yet."
        showRowId={added ?? undefined}
      />
    </section>
  )
}
