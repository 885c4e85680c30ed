import type { TestEquipment } from '../../../schemas/records'
import type { ProductType } from '../../../schemas/entities/product-type'
import { api } from '../../api/client'

/** Test equipment calls of SPEC §7 on {itr} (one item by id is our path; SPEC leaves it open). */
export const testEquipmentApi = {
  list: (signal?: AbortSignal) => api.get<TestEquipment[]>('itr', '/api/testEquipment', { signal }),
  ofProduct: (productId: number, signal?: AbortSignal) =>
    api.get<TestEquipment[]>('itr', `/api/products/${productId}/testEquipment`, { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<TestEquipment>('itr', `/api/testEquipment/${id}`, { signal }),
  /** The item's product type (SPEC §7 {meta}/api/assetmodels/{id}). */
  productType: (id: number, signal?: AbortSignal) =>
    api.get<ProductType>('meta', `/api/assetmodels/${id}`, { signal }),
}
