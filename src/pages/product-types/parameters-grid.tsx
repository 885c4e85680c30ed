import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import { ActionButton } from '../../components/row-actions'
import type { ResolvedParameter } from '../../../schemas/entities/test-parameter'
import { newParameterRow, type ParameterRow } from './parameter-rows'
import type { ProductTypeEditController } from './use-product-type-edit'

type Field = 'key' | 'value' | 'unit'
const FIELDS: { field: Field; header: string; placeholder: string; width?: number }[] = [
  { field: 'key', header: 'Key', placeholder: 'e.g. nameplateRatio' },
  { field: 'value', header: 'Value', placeholder: 'e.g. 10.5' },
  { field: 'unit', header: 'Unit', placeholder: 'e.g. %', width: 110 },
]

/**
 * The 'Test parameters' grid of a product type (issue #14.4): key, value and unit rows that record
 * types read as `param.key` in limits, conditions and formulas. Values set on a parent are listed below
 * it, each with 'Override' to set another value for this type.
 */
export function ParametersGrid({ c, readOnly }: { c: ProductTypeEditController; readOnly: boolean }) {
  const rows = c.form.parameters
  const { setParameters } = c
  const columns = useMemo<ColumnDef<ParameterRow, unknown>[]>(() => {
    const edit = (rowId: string, field: Field, value: string) =>
      setParameters(rows.map((r) => (r.rowId === rowId ? { ...r, [field]: value } : r)))
    return [
      ...FIELDS.map(({ field, header, placeholder, width }): ColumnDef<ParameterRow, unknown> => ({
        id: field,
        header,
        enableSorting: false,
        size: width,
        cell: ({ row }) => (
          <Form.Control
            size="sm"
            id={`parameter-${field}-${row.original.rowId}`}
            aria-label={`Parameter ${header.toLowerCase()}`}
            placeholder={placeholder}
            readOnly={readOnly}
            value={row.original[field]}
            onChange={(e) => edit(row.original.rowId, field, e.target.value)}
          />
        ),
      })),
      ...(readOnly
        ? []
        : [
            actionsColumn<ParameterRow>(({ row }) => (
              <ActionButton
                variant="outline-danger"
                label="Delete test parameter"
                onClick={() => setParameters(rows.filter((r) => r.rowId !== row.original.rowId))}
              >
                Delete
              </ActionButton>
            )),
          ]),
    ]
  }, [rows, setParameters, readOnly])
  const own = new Set(rows.map((r) => r.key.trim()))
  const inherited = c.inheritedParameters.filter((p) => !own.has(p.key))
  const override = (p: ResolvedParameter) =>
    setParameters([...rows, newParameterRow({ key: p.key, value: p.value, unit: p.unit ?? '' })])
  return (
    <section aria-labelledby="test-parameters-title" className="mt-4">
      <div className="d-flex align-items-center justify-content-between mb-2 gap-2 flex-wrap">
        <h2 id="test-parameters-title" className="h5 mb-0">
          Test parameters
        </h2>
        {!readOnly && (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => setParameters([...rows, newParameterRow()])}
          >
            Add test parameter
          </Button>
        )}
      </div>
      <p className="text-muted small mb-2">
        Record types read these as <code>param.key</code> in limits, conditions and calculations; sub-types
        inherit them unless they set the same key.
      </p>
      <DataGrid
        label="Test parameters of the product type"
        columns={columns}
        data={rows}
        getRowId={(r) => r.rowId}
        emptyText="No test parameters of its own."
      />
      {inherited.length > 0 && (
        <InheritedParameters items={inherited} onOverride={readOnly ? undefined : override} />
      )}
    </section>
  )
}

/** Values this type takes from its parents, read-only, each with where it is set. */
function InheritedParameters({
  items,
  onOverride,
}: {
  items: ResolvedParameter[]
  onOverride?: (p: ResolvedParameter) => void
}) {
  return (
    <div className="mt-2">
      <h3 className="h6">Inherited</h3>
      <ul className="list-unstyled mb-0" aria-label="Inherited test parameters">
        {items.map((p) => (
          <li key={p.key} className="d-flex align-items-center gap-2 flex-wrap py-1 border-bottom">
            <code>{p.key}</code>
            <span>
              = {p.value}
              {p.unit ? ` ${p.unit}` : ''}
            </span>
            <span className="text-muted small">from {p.fromName}</span>
            {onOverride && (
              <Button size="sm" variant="link" className="p-0 ms-auto" onClick={() => onOverride(p)}>
                Override
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
