import type {
  DispositionRequest,
  ImpactCase,
  ImpactCaseFilter,
  ImpactCasePage,
  SuspectRecordFilter,
  SuspectRecordPage,
} from '../../../schemas/records'
import { api } from '../../api/client'
import { saveBlob } from '../../api/save-blob'

const enc = (filter: unknown) => encodeURIComponent(JSON.stringify(filter))

/** Impact case calls on {itr} (issue #15.3). Grid pages count from 0, the server's from 1. */
export const impactCasesApi = {
  page: (pageIndex: number, size: number, filter: ImpactCaseFilter, signal?: AbortSignal) =>
    api.get<ImpactCasePage>(
      'itr',
      `/api/ImpactCases/page/${pageIndex + 1}/size/${size}/filter/${enc(filter)}`,
      {
        signal,
      },
    ),
  get: (id: number, signal?: AbortSignal) => api.get<ImpactCase>('itr', `/api/ImpactCases/${id}`, { signal }),
  records: (id: number, pageIndex: number, size: number, filter: SuspectRecordFilter, signal?: AbortSignal) =>
    api.get<SuspectRecordPage>(
      'itr',
      `/api/ImpactCases/${id}/records/page/${pageIndex + 1}/size/${size}/filter/${enc(filter)}`,
      { signal },
    ),
  decide: (id: number, body: DispositionRequest) =>
    api.post<ImpactCase>('itr', `/api/ImpactCases/${id}/dispositions`, body),
  close: (id: number) => api.post<ImpactCase>('itr', `/api/ImpactCases/${id}/close`),
  /** The case's workbook, fetched with the bearer token and saved. */
  async exportXlsx(id: number): Promise<void> {
    const res = await api.get<Response>('itr', `/api/ImpactCases/${id}/export.xlsx`, { raw: true })
    saveBlob(await res.blob(), `impact-case-${id}.xlsx`)
  },
}
