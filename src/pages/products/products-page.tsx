import { useMemo } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { useAtomValue } from 'jotai'
import { actionsColumn, DataGrid, type ColumnDef, type GridColumnMeta } from '../../../runtime/grid'
import type { Product } from '../../../schemas/records'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { formatUtc } from '../../components/date-format'
import { PageHeader } from '../../components/page-header'
import { ActionButton, ActionLink, RowActions } from '../../components/row-actions'
import { canOpenAtom } from '../../session/session-atoms'
import { DateRangeFilter, StatusFilter } from './product-filters'
import { ProductStatusBadge } from './product-status-badge'
import { PRODUCT_COLUMN } from './products-filter'
import { useProductsList } from './use-products-list'
import { useProductFamily } from './use-product-family'

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
 * /Products (SPEC §2): server-paged products (take 10) with Serial Number, Supplier, Product Type, Last
 * Record (date-range filter), Status (pass/fail/n/a toggle) and actions; 'Clear Filters'.
 */
export default function ProductsPage() {
  const list = useProductsList()
  const family = useProductFamily(list.parent)
  const canOpen = useAtomValue(canOpenAtom)
  const showEquipment = canOpen('/TestEquipment')
  const { filterToProduct } = list

  const columns = useMemo<ColumnDef<Product, unknown>[]>(
    () => [
      text(PRODUCT_COLUMN.serial, 'Serial Number'),
      text(PRODUCT_COLUMN.supplier, 'Supplier'),
      text(PRODUCT_COLUMN.productType, 'Product Type'),
      {
        ...text(PRODUCT_COLUMN.lastRecord, 'Last Record', { renderFilter: DateRangeFilter, width: 180 }),
        cell: ({ row }) => formatUtc(row.original.dateOfLastRecord) || '—',
      },
      {
        ...text(PRODUCT_COLUMN.status, 'Status', { renderFilter: StatusFilter, width: 130 }),
        cell: ({ row }) => <ProductStatusBadge status={row.original.currentStatus} />,
      },
      actionsColumn<Product>(({ row }) => {
        const p = row.original
        return (
          <RowActions>
            <ActionButton
              label={`Show ${p.productSerialNumber} and its children`}
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
    ],
    [filterToProduct, showEquipment],
  )

  return (
    <>
      <PageHeader title="Products">
        <Button variant="outline-secondary" onClick={list.clearFilters} disabled={!list.hasFilters}>
          Clear Filters
        </Button>
      </PageHeader>
      {list.parent && (
        <Alert
          variant="info"
          dismissible
          onClose={list.clearParent}
          className="py-2"
          aria-label="Product family"
        >
          Showing product {list.parent.serial} and its children
          {family.data && family.data.children.length > 0 && (
            <> ({family.data.children.map((c) => `${c.name}: ${c.count}`).join(', ')})</>
          )}
          .
          {family.data?.parentId != null && (
            <Button
              variant="link"
              className="p-0 ms-2 align-baseline"
              onClick={() => list.filterToId(family.data!.parentId!)}
            >
              Show its parent product
            </Button>
          )}
        </Alert>
      )}
      <Banner variant="error" message={list.error ? describeError(list.error) : null} />
      <DataGrid
        label="Products"
        columns={columns}
        data={list.rows}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(p) => String(p.id)}
        emptyText="No products match these filters."
        server={{ query: list.query, totalCount: list.totalCount, onQueryChange: list.setQuery }}
      />
    </>
  )
}
