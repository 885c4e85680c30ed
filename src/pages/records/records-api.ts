import type { ListPage } from '../../../runtime/grid'
import type { RecordListItem, RecordsFilter, RecordView } from '../../../schemas/records'
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
  /** One record with the impact cases it is suspect in and a calibration's outcome (its page's read). */
  record: (id: number, signal?: AbortSignal) =>
    api.get<RecordView>('data', `/api/InstrumentTestRecord/Record/${id}`, { signal }),
  layoutRevision: (recordTypeId: number, revision: number, signal?: AbortSignal) =>
    api.get<{ layout: unknown }>('meta', `/api/DataPointTypes/${recordTypeId}/layouts/${revision}`, {
      signal,
    }),
}
