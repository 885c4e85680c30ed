import { api } from '../../api/client'
import { submitRecord, type SubmitRoute } from '../../api/submit-record'
import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import type { ProductTypeParameters } from '../../../schemas/entities/test-parameter'
import type { Supplier } from '../../../schemas/entities/supplier'
import type { RecordDetail, RecordSubmission } from '../../../schemas/records'

export type { SubmitRoute }

/** The calls of SPEC §7 that /DataEntry makes (the form's own calls go through src/api/runtime-services.ts). */
export const dataEntryApi = {
  recordType: (id: number, signal?: AbortSignal) =>
    api.get<RecordType>('meta', `/api/DataPointTypes/${id}`, { signal }),
  /** The layout revision a record was captured with. */
  layoutRevision: (id: number, revision: number, signal?: AbortSignal) =>
    api.get<{ layout: unknown }>('meta', `/api/DataPointTypes/${id}/layouts/${revision}`, { signal }),
  record: (id: number, signal?: AbortSignal) =>
    api.get<RecordDetail>('data', `/api/InstrumentTestRecord/Record/${id}`, { signal }),
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
  /** The product type's resolved test parameters (issue #14.4). */
  parameters: (productTypeId: number, signal?: AbortSignal) =>
    api.get<ProductTypeParameters>('meta', `/api/assetmodels/${productTypeId}/TestParameters`, { signal }),
  supplier: (id: number, signal?: AbortSignal) =>
    api.get<Supplier>('meta', `/api/assetmanufacturers/${id}`, { signal }),
  owner: (id: number, signal?: AbortSignal) =>
    api.get<DeviceOwner>('itr', `/api/deviceOwners/${id}`, { signal }),
  /** One save under an Idempotency-Key (see `submitRecord`): the outbox entry's, or a fresh one. */
  submit: (
    route: SubmitRoute,
    body: RecordSubmission,
    recordId?: number,
    key: string = crypto.randomUUID(),
    revision?: number,
  ) => submitRecord(route, body, recordId, key, revision),
}
