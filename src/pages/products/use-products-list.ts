import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PAGE_SIZES } from '../../../runtime/grid'
import type { Product } from '../../../schemas/records'
import { useListQuery, usePagedList } from '../../api/use-paged-list'
import { initialFromUrl, productsFilter } from './products-filter'
import { productsApi } from './products-api'

/** The product the grid is narrowed to (with its children), by the row action or ?filter=ParentAssetId. */
export interface ParentFilter {
  id: number
  /** Shown in the 'only this product' note; the id when the product came from the URL. */
  serial: string
  /** Its product type, when known (the row action knows it, a URL does not). */
  assetModelId?: number
}

/**
 * Controller of /Products (SPEC §2): the server-paged query (take 10), the initial filter from
 * ?filter=&value=, 'filter to the product and its children', and Clear Filters.
 */
export function useProductsList() {
  const [params, setParams] = useSearchParams()
  const urlKey = `${params.get('filter') ?? ''}\u0000${params.get('value') ?? ''}`
  const [query, setQuery, sent] = useListQuery(() => ({
    page: 0,
    size: PAGE_SIZES.list,
    filter: initialFromUrl(params).filter,
  }))
  const [parent, setParent] = useState<ParentFilter | null>(() => {
    const id = initialFromUrl(params).parentId
    return id == null ? null : { id, serial: `#${id}` }
  })

  // A new search from Home while already here replaces the filter.
  const appliedKey = useRef(urlKey)
  useEffect(() => {
    if (appliedKey.current === urlKey) return
    appliedKey.current = urlKey
    const next = initialFromUrl(params)
    setQuery((q) => ({ ...q, page: 0, filter: next.filter }))
    setParent(next.parentId == null ? null : { id: next.parentId, serial: `#${next.parentId}` })
  }, [urlKey, params, setQuery])

  const filter = productsFilter(sent, parent?.id ?? null)
  const page = usePagedList(productsApi.page, sent.page, sent.size, filter)

  const clearFilters = useCallback(() => {
    setQuery((q) => ({ ...q, page: 0, filter: {} }))
    setParent(null)
    appliedKey.current = '\u0000'
    setParams({}, { replace: true })
  }, [setParams, setQuery])

  const filterToProduct = useCallback(
    (product: Product) => {
      setParent({ id: product.id, serial: product.productSerialNumber, assetModelId: product.assetModelId })
      setQuery((q) => ({ ...q, page: 0, filter: {} }))
    },
    [setQuery],
  )

  return {
    query,
    setQuery,
    parent,
    clearParent: () => setParent(null),
    /** Narrows the grid to another product of the family (its parent) by id. */
    filterToId: (id: number) => {
      setParent({ id, serial: `#${id}` })
      setQuery((q) => ({ ...q, page: 0, filter: {} }))
    },
    filterToProduct,
    clearFilters,
    hasFilters: parent != null || Object.keys(query.filter).length > 0,
    ...page,
  }
}
