import { api } from '../../api/client'
import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import type { ProductTypeParameters } from '../../../schemas/entities/test-parameter'
import type { Supplier } from '../../../schemas/entities/supplier'
import type { RecordDetail, RecordSubmission, SubmissionResult } from '../../../schemas/records'

/** Where a submission goes (SPEC §7 Submission): by category, and PUT for an edited Problem Report. */
export type SubmitRoute = 'upload-single' | 'calibration' | 'despatch' | 'edit'

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
  /**
   * One save. The Idempotency-Key makes the server answer a resent request (the client retries once
   * after refreshing an expired token) with the first answer instead of storing the record twice.
   */
  submit(route: SubmitRoute, body: RecordSubmission, recordId?: number) {
    const headers = { 'Idempotency-Key': crypto.randomUUID() }
    if (route === 'edit')
      return api.put<SubmissionResult>('submission', `/api/InstrumentTest/Record/${recordId}`, body, {
        headers,
      })
    // Other edited records are stored as a new record that names the one it revises (the audit trail
    // links the two, so the history of either shows both).
    const revision = recordId != null ? `?revisionOf=${recordId}` : ''
    return api.post<SubmissionResult>('submission', `/api/InstrumentTest/${route}/${revision}`, body, {
      headers,
    })
  },
}
