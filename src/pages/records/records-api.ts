import type { ListPage } from '../../../runtime/grid'
import type {
  CalibrationHistoryItem,
  RecordDetail,
  RecordListItem,
  RecordsFilter,
} from '../../../schemas/records'
import type { ConfigurationEntry } from '../../../schemas/entities/configuration'
import { api } from '../../api/client'

const enc = (filter: unknown) => encodeURIComponent(JSON.stringify(filter))

/** Record calls of SPEC §7 on {data}, and the layout revision a record was captured with on {meta}. */
export const recordsApi = {
  /** One page; `pageIndex` counts from 0 like the grid, the server's pages from 1. */
  page: (pageIndex: number, size: number, filter: RecordsFilter, signal?: AbortSignal) =>
    api.get<ListPage<RecordListItem> & { totalPages?: number }>(
      'data',
      `/api/InstrumentTestRecord/Records/page/${pageIndex + 1}/size/${size}/filter/${enc(filter)}`,
      { signal },
    ),
  /** SPEC §7: the record categories (ITRCATEGORY, id and value) the category lists offer. */
  categories: (signal?: AbortSignal) =>
    api.get<ConfigurationEntry[]>('meta', '/api/Configuration/ITRCATEGORY/', { signal }),
  record: (id: number, signal?: AbortSignal) =>
    api.get<RecordDetail>('data', `/api/InstrumentTestRecord/Record/${id}`, { signal }),
  /**
   * A device's calibration history (issue #15.3; configurators and admins only), where a calibration
   * record's outcome is its own row.
   */
  calibrations: (testEquipmentId: number, signal?: AbortSignal) =>
    api.get<CalibrationHistoryItem[]>('itr', `/api/testEquipment/${testEquipmentId}/calibrations`, {
      signal,
    }),
  layoutRevision: (recordTypeId: number, revision: number, signal?: AbortSignal) =>
    api.get<{ layout: unknown }>('meta', `/api/DataPointTypes/${recordTypeId}/layouts/${revision}`, {
      signal,
    }),
}
