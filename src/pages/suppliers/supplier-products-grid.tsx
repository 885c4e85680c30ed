import { useCallback, useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { actionsColumn, COLUMN_WIDTHS, DataGrid, PAGE_SIZES, type ColumnDef } from '../../../runtime/grid'
import { ActionButton, RowActions } from '../../components/row-actions'
import { SerialRangesGrid } from './serial-ranges-grid'
import type { ProductRow } from './supplier-products'
import type { SupplierEditController } from './use-supplier-edit'

/**
 * The supplier's product types, 5 a page (SPEC §2/§9). Each row picks a product type and expands to
 * its serial ranges; 'Add new product type' waits until no empty row is left. Read-only viewers sit
 * inside the form's disabled fieldset, where no expander can be pressed, so every row shows expanded.
 */
export function SupplierProductsGrid({ c, readOnly }: { c: SupplierEditController; readOnly?: boolean }) {
  const { types, chooseProduct, removeProduct, addRange, updateRange, removeRange } = c
  const columns = useMemo<ColumnDef<ProductRow, unknown>[]>(
    () => [
      {
        id: 'typeId',
        header: 'Product Type',
        enableSorting: false,
        cell: ({ row }) => (
          <Form.Select
            size="sm"
            aria-label="Product type"
            value={row.original.typeId ?? ''}
            onChange={(e) => chooseProduct(row.original.key, e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Select a product type…</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Form.Select>
        ),
      },
      {
        id: 'ranges',
        header: 'Serial Ranges',
        enableSorting: false,
        meta: { width: 170 },
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="link"
            className="p-0"
            onClick={row.getToggleExpandedHandler()}
            aria-expanded={row.getIsExpanded()}
          >
            {row.getIsExpanded() ? '▾' : '▸'} {row.original.ranges.length} serial range
            {row.original.ranges.length === 1 ? '' : 's'}
          </Button>
        ),
      },
      ...(readOnly
        ? []
        : [
            {
              ...actionsColumn<ProductRow>(({ row }) => (
                <RowActions>
                  <ActionButton label="Add new serial range" onClick={() => addRange(row.original.key)}>
                    Add new serial range
                  </ActionButton>
                  <ActionButton
                    variant="outline-danger"
                    label={`Delete product type ${row.original.name ?? ''}`.trim()}
                    onClick={() => removeProduct(row.original.key)}
                  >
                    Delete
                  </ActionButton>
                </RowActions>
              )),
              meta: { width: COLUMN_WIDTHS.actions + 130, align: 'end' },
            },
          ]),
    ],
    [types, chooseProduct, removeProduct, addRange, readOnly],
  )
  const renderRanges = useCallback(
    (row: { original: ProductRow }) => (
      <SerialRangesGrid
        product={row.original}
        onChange={(rangeKey, patch) => updateRange(row.original.key, rangeKey, patch)}
        onRemove={(rangeKey) => removeRange(row.original.key, rangeKey)}
        readOnly={readOnly}
      />
    ),
    [updateRange, removeRange, readOnly],
  )
  return (
    <section aria-labelledby="supplier-products-title" className="mt-4">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 id="supplier-products-title" className="h5 mb-0">
          Product Types
        </h2>
        {!readOnly && (
          <Button size="sm" variant="outline-primary" onClick={c.addProduct} disabled={!c.canAddProduct}>
            Add new product type
          </Button>
        )}
      </div>
      <DataGrid
        label="Product types of the supplier"
        columns={columns}
        data={c.rows}
        getRowId={(r) => r.key}
        pageSize={PAGE_SIZES.supplierProducts}
        emptyText="This supplier has no product types yet."
        renderExpanded={renderRanges}
        expanded={readOnly ? Object.fromEntries(c.rows.map((r) => [r.key, true])) : c.expanded}
        onExpandedChange={c.setExpanded}
        showRowId={c.lastAdded}
      />
    </section>
  )
}
