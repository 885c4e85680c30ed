import { actionsColumn, type ColumnDef, type GridColumnMeta } from '../../../runtime/grid'
import type { Product } from '../../../schemas/records'
import { formatUtc } from '../../components/date-format'
import { ActionButton, ActionLink, RowActions } from '../../components/row-actions'
import { DateRangeFilter, StatusFilter } from './product-filters'
import { ProductStatusCell } from './product-status-cell'
import { PRODUCT_COLUMN } from './products-filter'

/** SPEC §2 Products: the records of one product, by its serial and product type. */
export const recordsLinkOf = (p: Product) =>
  `/Records?${new URLSearchParams({
    filter: 'productSerialNumber',
    value: p.productSerialNumber,
    secondaryFilter: 'productTypeId',
    additionalValue: String(p.assetModelId),
  })}`

const text = (
  id: string,
  header: string,
  meta: GridColumnMeta = { filter: true },
): ColumnDef<Product, unknown> => ({
  id,
  accessorKey: id,
  header,
  meta,
})

/**
 * The products grid's columns: Serial Number, Supplier, Product Type, Last Record (date-range filter),
 * Status (pass/fail/n/a toggle; the cell adds 'Recalled', 'Retest required', 'pending review') and the
 * actions (Filter, Records, and Equipment when the user may open it).
 */
export function productColumns(
  filterToProduct: (p: Product) => void,
  showEquipment: boolean,
): ColumnDef<Product, unknown>[] {
  return [
    text(PRODUCT_COLUMN.serial, 'Serial Number'),
    text(PRODUCT_COLUMN.supplier, 'Supplier'),
    text(PRODUCT_COLUMN.productType, 'Product Type'),
    {
      ...text(PRODUCT_COLUMN.lastRecord, 'Last Record', { renderFilter: DateRangeFilter, width: 180 }),
      cell: ({ row }) => formatUtc(row.original.dateOfLastRecord) || '—',
    },
    {
      ...text(PRODUCT_COLUMN.status, 'Status', { renderFilter: StatusFilter, width: 130 }),
      cell: ({ row }) => <ProductStatusCell product={row.original} />,
    },
    actionsColumn<Product>(({ row }) => {
      const p = row.original
      return (
        <RowActions>
          <ActionButton
            label={`Filter to ${p.productSerialNumber} and its children`}
            onClick={() => filterToProduct(p)}
          >
            Filter
          </ActionButton>
          <ActionLink to={recordsLinkOf(p)} label={`Show records of ${p.productSerialNumber}`}>
            Records
          </ActionLink>
          {showEquipment && (
            <ActionLink
              to={`/TestEquipment?product=${p.id}`}
              label={`Show test equipment of ${p.productSerialNumber}`}
            >
              Equipment
            </ActionLink>
          )}
        </RowActions>
      )
    }),
  ]
}
