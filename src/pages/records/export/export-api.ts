import type { Customer } from '../../../../schemas/entities/customer'
import type { FaultRepairTypeListItem } from '../../../../schemas/entities/fault-repair'
import type { ProductTypeListItem } from '../../../../schemas/entities/product-type'
import type { RecordType } from '../../../../schemas/entities/record-type'
import type { Supplier } from '../../../../schemas/entities/supplier'
import type { ExportAccepted, Job, RecordsFilter } from '../../../../schemas/records'
import { api } from '../../../api/client'

const BASE = '/api/InstrumentTestRecord/ExcelExport'

/** The Excel export calls on {data} (SPEC §7, plus the job status and download of DESIGN.md §5). */
export const exportApi = {
  start: (filter: RecordsFilter) =>
    api.get<ExportAccepted>('data', `${BASE}/filter/${encodeURIComponent(JSON.stringify(filter))}`),
  job: (id: number, signal?: AbortSignal) => api.get<Job>('data', `${BASE}/jobs/${id}`, { signal }),
  /** 'Download now': the same workbook built at once, with the file name the server gives it. */
  now: async (filter: RecordsFilter, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }> => {
    const path = `${BASE}/now/filter/${encodeURIComponent(JSON.stringify(filter))}`
    const res = await api.get<Response>('data', path, { raw: true, signal })
    const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')
    return { blob: await res.blob(), filename: named?.[1] ?? 'records.xlsx' }
  },
  /** The finished workbook; the bearer token is needed, so it is fetched rather than linked. */
  download: async (id: number): Promise<Blob> => {
    const res = await api.get<Response>('data', `${BASE}/jobs/${id}/download`, { raw: true })
    return res.blob()
  },
}

/** The lists the dialog's selects offer. Each may fail on its own: the dialog then offers none. */
export const exportOptionsApi = {
  recordTypes: (signal?: AbortSignal) => api.get<RecordType[]>('meta', '/api/DataPointTypes/', { signal }),
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
  suppliers: (signal?: AbortSignal) => api.get<Supplier[]>('meta', '/api/assetmanufacturers', { signal }),
  customers: (signal?: AbortSignal) => api.get<Customer[]>('meta', '/api/Customers', { signal }),
  faultRepairTypes: (signal?: AbortSignal) =>
    api.get<FaultRepairTypeListItem[]>('itr', '/api/faultRepairTypes', { signal }),
}

export { saveBlob } from '../../../api/save-blob'
