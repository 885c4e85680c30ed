import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { ListQuery } from '../../../runtime/grid'
import type { Product } from '../../../schemas/records'
import { usePagedList } from '../../api/use-paged-list'
import { useDebounced } from '../../components/use-debounced'
import { productsFilter } from './products-filter'
import { productsParamsOf, productsViewOf, type ProductsView } from './products-url'
import { productsApi } from './products-api'

/** The product the grid is narrowed to (with its children), by the row action or the URL. */
export interface ParentFilter {
  id: number
  /** Shown in the 'only this product' note; '#{id}' while the product is not known here. */
  serial: string
  /** Its product type, when known (for the child types the note counts). */
  assetModelId?: number
}

const refOf = (p: Product): ParentFilter => ({
  id: p.id,
  serial: p.productSerialNumber,
  assetModelId: p.assetModelId,
})

// Typing in a column filter should not send one call per key (as useListQuery).
const FILTER_DELAY_MS = 250
const sortKey = (q: ListQuery) => (q.sort ? `${q.sort.field}.${q.sort.direction}` : '')

/**
 * Controller of /Products (SPEC §2): the server-paged query (take 10) and the product the grid is narrowed
 * to, both in the URL's query (products-url.ts; written with `replace`, at once, so a typed filter keeps
 * every key) so that Back and a shared link show the same page; the initial filter of ?filter=&value=,
 * 'filter to the product and its children', and Clear Filters.
 */
export function useProductsList() {
  const [params, setParams] = useSearchParams()
  const { query, parentId } = useMemo(() => productsViewOf(params), [params])
  const sent = useDebounced(
    query,
    FILTER_DELAY_MS,
    (a, b) => a.page !== b.page || sortKey(a) !== sortKey(b) || a.size !== b.size,
  )
  const show = useCallback(
    (change: (view: ProductsView) => ProductsView) =>
      setParams((current) => productsParamsOf(change(productsViewOf(current)), current), {
        replace: true,
        flushSync: true,
      }),
    [setParams],
  )
  const setQuery = useCallback((next: ListQuery) => show((v) => ({ ...v, query: next })), [show])
  const narrow = useCallback(
    (id: number | null) =>
      show((v) => ({
        parentId: id,
        query: { ...v.query, page: 0, filter: id == null ? v.query.filter : {} },
      })),
    [show],
  )

  const filter = productsFilter(sent, parentId)
  const page = usePagedList(productsApi.page, sent.page, sent.size, filter)

  // The products the grid has shown, so that a product named by id (its parent, the URL) gets its serial
  // and type: the product itself is among the rows of its own filter.
  const [seen, setSeen] = useState<ReadonlyMap<number, ParentFilter>>(() => new Map())
  const { rows } = page
  useEffect(() => {
    if (rows.length === 0) return
    setSeen((known) => new Map([...known, ...rows.map((p) => [p.id, refOf(p)] as const)]))
  }, [rows])
  const shown = rows.find((p) => p.id === parentId)
  const parent: ParentFilter | null =
    parentId == null
      ? null
      : shown
        ? refOf(shown)
        : (seen.get(parentId) ?? { id: parentId, serial: `#${parentId}` })

  const clearFilters = useCallback(
    () => show((v) => ({ parentId: null, query: { ...v.query, page: 0, filter: {} } })),
    [show],
  )

  const filterToProduct = useCallback(
    (product: Product) => {
      setSeen((known) => new Map(known).set(product.id, refOf(product)))
      narrow(product.id)
    },
    [narrow],
  )

  return {
    query,
    setQuery,
    parent,
    /** Whether the grid is still finding out what `parent` is (its serial and type come with the rows). */
    parentPending: parent != null && parent.assetModelId == null && page.loading,
    clearParent: () => narrow(null),
    /** Narrows the grid to another product of the family (its parent) by id. */
    filterToId: (id: number) => narrow(id),
    filterToProduct,
    clearFilters,
    hasFilters: parentId != null || Object.keys(query.filter).length > 0,
    ...page,
  }
}
