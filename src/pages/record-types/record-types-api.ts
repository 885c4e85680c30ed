import { api } from '../../api/client'
import type {
  RecordType,
  RecordTypeAttributeWrite,
  RecordTypeWrite,
} from '../../../schemas/entities/record-type'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'

/** What the attribute POST answers: the record type's layout revision after the write. */
export interface AttributeSaved {
  id: number
  key: string
  layoutRevision: number | null
}

/**
 * The header of a guarded write (audit s8 #5): the layout revision the editor loaded, so the server
 * refuses (409) a save over someone else's newer one. Without a revision, no header: SPEC §7's call.
 */
const ifMatch = (revision?: number | null) =>
  revision === undefined ? {} : { headers: { 'If-Match': `"${revision ?? 0}"` } }

/**
 * The record type calls of SPEC §7 ({meta}/api/DataPointTypes) and the product types of the Components
 * grid. `revision`: the layout revision the editor holds, sent as If-Match (the bodies stay SPEC's).
 */
export const recordTypesApi = {
  list: (signal?: AbortSignal) => api.get<RecordType[]>('meta', '/api/DataPointTypes/', { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<RecordType>('meta', `/api/DataPointTypes/${id}`, { signal }),
  create: (body: RecordTypeWrite) => api.post<number>('meta', '/api/DataPointTypes/', body),
  update: (id: number, body: RecordTypeWrite, revision?: number | null) =>
    api.put<void>('meta', `/api/DataPointTypes/${id}`, body, ifMatch(revision)),
  delete: (id: number) => api.delete<void>('meta', `/api/datapointtypes/${id}`),
  addAttribute: (id: number, body: RecordTypeAttributeWrite, revision?: number | null) =>
    api.post<AttributeSaved>('meta', `/api/DataPointTypes/attributes/${id}`, body, ifMatch(revision)),
  deleteAttribute: (id: number, key: string, revision?: number | null) =>
    api.delete<void>(
      'meta',
      `/api/DataPointTypes/attributes/${id}/${encodeURIComponent(key)}`,
      undefined,
      ifMatch(revision),
    ),
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
}
