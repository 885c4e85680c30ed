import { api } from '../../api/client'
import { ATTRIBUTE_KEYS, TABLE_NAMES } from '../../../schemas/entities/attribute'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { Supplier, SupplierProducts } from '../../../schemas/entities/supplier'

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
  /** Every product type, for the product dropdowns ({itr}/api/productTypes). */
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
}
