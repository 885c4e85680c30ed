import { useCallback, useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import { DataGrid, PAGE_SIZES } from '../../../runtime/grid'
import { useFocusFirstInvalid } from '../../components/field-marks'
import { SerialRangesGrid } from './serial-ranges-grid'
import { productColumns } from './supplier-product-columns'
import type { ProductRow } from './supplier-products'
import type { SupplierEditController } from './use-supplier-edit'

/**
 * The supplier's product types, 5 a page (SPEC §2/§9). Each row picks a product type and expands to
 * its serial ranges; 'Add new product type' waits until no empty row is left. Read-only viewers sit
 * inside the form's disabled fieldset, where no expander can be pressed, so every row shows expanded.
 */
export function SupplierProductsGrid({ c, readOnly }: { c: SupplierEditController; readOnly?: boolean }) {
  const { types, chooseProduct, removeProduct, addRange, updateRange, removeRange, marks } = c
  const markedProduct = marks && !marks.rangeKey ? marks.productKey : null
  const columns = useMemo(
    () => productColumns({ types, chooseProduct, removeProduct, addRange, readOnly, markedProduct }),
    [types, chooseProduct, removeProduct, addRange, readOnly, markedProduct],
  )
  const section = useFocusFirstInvalid<HTMLElement>(c.markedAt)
  const renderRanges = useCallback(
    (row: { original: ProductRow }) => (
      <SerialRangesGrid
        product={row.original}
        marks={marks?.productKey === row.original.key ? marks : null}
        shownRange={c.shownRange}
        onChange={(rangeKey, patch) => updateRange(row.original.key, rangeKey, patch)}
        onRemove={(rangeKey) => removeRange(row.original.key, rangeKey)}
        readOnly={readOnly}
      />
    ),
    [updateRange, removeRange, readOnly, marks, c.shownRange],
  )
  return (
    <section ref={section} aria-labelledby="supplier-products-title" className="mt-4">
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
        showRowId={c.shownProduct}
      />
    </section>
  )
}
