import type {
  CertificateFormat,
  CertificateJobAccepted,
  Job,
  RecordsFilter,
} from '../../../../schemas/records'
import { api } from '../../../api/client'

const BASE = '/api/InstrumentTestRecord/Certificates'

/** What a batch answers: the file itself, or the job that will e-mail it (over the limit). */
export type BatchAnswer = { file: Blob; filename: string } | { job: CertificateJobAccepted }

/** Batch certificates on {data} (issue #16.3). */
export const certificatesApi = {
  batch: async (
    format: CertificateFormat,
    chosen: { ids: number[] } | { filter: RecordsFilter },
    signal?: AbortSignal,
  ): Promise<BatchAnswer> => {
    const res = await api.post<Response>('data', BASE, { format, ...chosen }, { raw: true, signal })
    if (res.status === 202) return { job: (await res.json()) as CertificateJobAccepted }
    const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')
    return { file: await res.blob(), filename: named?.[1] ?? `certificates.${format}` }
  },
  job: (id: number, signal?: AbortSignal) => api.get<Job>('data', `${BASE}/jobs/${id}`, { signal }),
  download: async (id: number): Promise<Blob> =>
    (await api.get<Response>('data', `${BASE}/jobs/${id}/download`, { raw: true })).blob(),
}
