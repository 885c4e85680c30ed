import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { actionsColumn, COLUMN_WIDTHS, type ColumnDef } from '../../../runtime/grid'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import { ActionButton, RowActions } from '../../components/row-actions'
import type { ProductRow } from './supplier-products'

/** What the product columns show and call: the product types to pick from and the row actions. */
export interface ProductColumnsInput {
  types: readonly ProductTypeListItem[]
  chooseProduct: (key: string, typeId: number | null) => void
  removeProduct: (key: string) => void
  addRange: (productKey: string) => void
  readOnly?: boolean
  /** The product row a failed save found at fault (no product type, or one listed twice). */
  markedProduct?: string | null
}

/** The columns of the supplier's product grid: Product Type, the Serial Ranges expander, the actions. */
export function productColumns({
  types,
  chooseProduct,
  removeProduct,
  addRange,
  readOnly,
  markedProduct,
}: ProductColumnsInput): ColumnDef<ProductRow, unknown>[] {
  return [
    {
      id: 'typeId',
      header: 'Product Type',
      enableSorting: false,
      cell: ({ row }) => (
        <Form.Select
          size="sm"
          aria-label="Product type"
          isInvalid={row.original.key === markedProduct}
          aria-invalid={row.original.key === markedProduct || undefined}
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
          aria-label={`${row.original.ranges.length} serial range${row.original.ranges.length === 1 ? '' : 's'}${row.original.name ? ` of ${row.original.name}` : ''}`}
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
                <ActionButton
                  // Named after its row: every row has one (the admin walk of 29 Nov heard the same name each time).
                  label={`Add new serial range ${row.original.name ? `for ${row.original.name}` : ''}`.trim()}
                  onClick={() => addRange(row.original.key)}
                >
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
  ]
}
