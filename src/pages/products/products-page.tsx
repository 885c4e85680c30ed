import { useMemo } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { useAtomValue } from 'jotai'
import { DataGrid } from '../../../runtime/grid'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { DayTexts, useDayTextScope } from '../../components/day-text-scope'
import { PageHeader } from '../../components/page-header'
import { canOpenAtom } from '../../session/session-atoms'
import { productColumns } from './product-columns'
import { useProductsList } from './use-products-list'
import { useProductFamily } from './use-product-family'

/**
 * /Products (SPEC §2): server-paged products (take 10) with Serial Number, Supplier, Product Type, Last
 * Record (date-range filter), Status (pass/fail/n/a toggle) and actions; 'Clear Filters'.
 */
export default function ProductsPage() {
  const list = useProductsList()
  // The family waits for the product's type (it comes with the rows when the product came by id).
  const family = useProductFamily(list.parentPending ? null : list.parent)
  const canOpen = useAtomValue(canOpenAtom)
  const showEquipment = canOpen('/TestEquipment')
  const { filterToProduct } = list
  // The Last Record boxes: text in them that is not a day is no filter, yet Clear Filters empties it.
  const days = useDayTextScope(list.clearFilters)

  const columns = useMemo(
    () => productColumns(filterToProduct, showEquipment),
    [filterToProduct, showEquipment],
  )

  return (
    <DayTexts scope={days.scope}>
      <PageHeader title="Products">
        <Button
          variant="outline-secondary"
          onClick={days.clear}
          disabled={!list.hasFilters && !days.unreadable}
        >
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
    </DayTexts>
  )
}
