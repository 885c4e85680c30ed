import { api } from '../../api/client'
import type {
  RecordType,
  RecordTypeAttributeWrite,
  RecordTypeWrite,
} from '../../../schemas/entities/record-type'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'

/** The record type calls of SPEC §7 ({meta}/api/DataPointTypes) and the product types of the Components grid. */
export const recordTypesApi = {
  list: (signal?: AbortSignal) => api.get<RecordType[]>('meta', '/api/DataPointTypes/', { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<RecordType>('meta', `/api/DataPointTypes/${id}`, { signal }),
  create: (body: RecordTypeWrite) => api.post<number>('meta', '/api/DataPointTypes/', body),
  update: (id: number, body: RecordTypeWrite) => api.put<void>('meta', `/api/DataPointTypes/${id}`, body),
  delete: (id: number) => api.delete<void>('meta', `/api/datapointtypes/${id}`),
  addAttribute: (id: number, body: RecordTypeAttributeWrite) =>
    api.post<unknown>('meta', `/api/DataPointTypes/attributes/${id}`, body),
  deleteAttribute: (id: number, key: string) =>
    api.delete<void>('meta', `/api/DataPointTypes/attributes/${id}/${encodeURIComponent(key)}`),
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
}
