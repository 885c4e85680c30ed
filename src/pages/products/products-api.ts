import type { ListPage } from '../../../runtime/grid'
import type { Product, ProductsFilter } from '../../../schemas/records'
import type { ProductType } from '../../../schemas/entities/product-type'
import { api } from '../../api/client'

/** The products calls of SPEC §7 on {meta}. */
export const productsApi = {
  /** One page; `pageIndex` counts from 0 like the grid, the server's pages from 1. */
  page: (pageIndex: number, size: number, filter: ProductsFilter, signal?: AbortSignal) =>
    api.get<ListPage<Product>>(
      'meta',
      `/api/assets/page/${pageIndex + 1}/size/${size}/filter/${encodeURIComponent(JSON.stringify(filter))}`,
      { signal },
    ),
  /** Every product type with its parent type (for the child types of a product). */
  productTypes: (signal?: AbortSignal) => api.get<ProductType[]>('meta', '/api/AssetModels/', { signal }),
  /** The product's parent product, if it is a component of one. */
  parentOf: (id: number, signal?: AbortSignal) =>
    api.get<{ parentId: number | null }>('meta', `/api/Assets/parentMappings/${id}`, { signal }),
  /** The products of one product type. */
  byType: (type: number, signal?: AbortSignal) =>
    api.get<Product[]>('meta', `/api/assets/bytype/${type}`, { signal }),
}
