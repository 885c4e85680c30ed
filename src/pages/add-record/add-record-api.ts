import { api } from '../../api/client'
import type { DeviceOwnerListItem } from '../../../schemas/entities/device-owner'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import type { Supplier } from '../../../schemas/entities/supplier'

/** The reads of SPEC §7 that /AddRecord makes (the CSV upload, with progress, is in use-csv-upload.ts). */
export const addRecordApi = {
  /** Every supplier (internal and configurator views). */
  suppliers: (signal?: AbortSignal) => api.get<Supplier[]>('meta', '/api/assetmanufacturers', { signal }),
  /** One supplier with its SupplierProducts (the supplier view reads only its own). */
  supplier: (id: number, signal?: AbortSignal) =>
    api.get<Supplier>('meta', `/api/assetmanufacturers/${id}`, { signal }),
  /** Product types with their RecordTypeAttribute (scoped to the supplier for supplier users). */
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
  /** Device owners, for Calibration mode. */
  owners: (signal?: AbortSignal) => api.get<DeviceOwnerListItem[]>('itr', '/api/deviceOwners', { signal }),
  /** Every record type (Calibration mode lists the Calibration ones). */
  recordTypes: (signal?: AbortSignal) => api.get<RecordType[]>('meta', '/api/DataPointTypes/', { signal }),
  /** One record type with its layout and mapping attributes. */
  recordType: (id: number, signal?: AbortSignal) =>
    api.get<RecordType>('meta', `/api/DataPointTypes/${id}`, { signal }),
}
