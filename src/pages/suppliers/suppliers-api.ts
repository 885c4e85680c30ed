import { api } from '../../api/client'
import { ATTRIBUTE_KEYS, TABLE_NAMES } from '../../../schemas/entities/attribute'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { Supplier, SupplierProducts } from '../../../schemas/entities/supplier'

/** The longest attribute value sent in a PUT path (the server's maxParamLength is 8,192). */
const MAX_PATH_VALUE = 8000

/** The supplier calls of SPEC §7 ({meta}/api/assetmanufacturers) the supplier screens make. */
export const suppliersApi = {
  list: (signal?: AbortSignal) => api.get<Supplier[]>('meta', '/api/assetmanufacturers', { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<Supplier>('meta', `/api/assetmanufacturers/${id}`, { signal }),
  create: (name: string) => api.post<number>('meta', '/api/assetmanufacturers', { name }),
  rename: (id: number, name: string) => api.put<void>('meta', `/api/assetmanufacturers/${id}/`, { name }),
  delete: (id: number) => api.delete<void>('meta', `/api/assetmanufacturers/${id}`),
  /** Creates or replaces the SupplierProducts attribute. */
  saveProducts: (id: number, products: SupplierProducts) =>
    api.post<void>('meta', `/api/assetmanufacturers/attributes/${id}`, {
      tableName: TABLE_NAMES.supplier,
      key: ATTRIBUTE_KEYS.supplierProducts,
      name: ATTRIBUTE_KEYS.supplierProducts,
      description: 'Product types of the supplier with their serial ranges',
      value: JSON.stringify(products),
    }),
  /**
   * SPEC §4 "Supplier save, existing": updates (or creates) the SupplierProducts attribute with SPEC §7's
   * PUT, key, value and name in the path. A value too long for one path segment (the server takes 8,192
   * characters) goes by the POST that creates or replaces it, so a long range list still saves.
   */
  updateProducts: (id: number, products: SupplierProducts) => {
    const key = ATTRIBUTE_KEYS.supplierProducts
    const value = encodeURIComponent(JSON.stringify(products))
    if (value.length > MAX_PATH_VALUE) return suppliersApi.saveProducts(id, products)
    return api.put<void>(
      'meta',
      `/api/assetmanufacturers/attributes/${id}/${encodeURIComponent(key)}/${value}/${encodeURIComponent(key)}`,
      {},
    )
  },
  /** Every product type, for the product dropdowns ({itr}/api/productTypes). */
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
}
