import type { ListPage } from '../../../runtime/grid'
import type { Product, ProductsFilter } from '../../../schemas/records'
import { api } from '../../api/client'

/** The products call of SPEC §7 on {meta}. */
export const productsApi = {
  /** One page; `pageIndex` counts from 0 like the grid, the server's pages from 1. */
  page: (pageIndex: number, size: number, filter: ProductsFilter, signal?: AbortSignal) =>
    api.get<ListPage<Product>>(
      'meta',
      `/api/assets/page/${pageIndex + 1}/size/${size}/filter/${encodeURIComponent(JSON.stringify(filter))}`,
      { signal },
    ),
}
