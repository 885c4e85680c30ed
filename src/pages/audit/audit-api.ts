import type { AuditEntry, AuditFilter, AuditPage } from '../../../schemas/audit'
import { api } from '../../api/client'

const enc = (filter: unknown) => encodeURIComponent(JSON.stringify(filter))

/** The audit trail's calls on {config} (issue 8). */
export const auditApi = {
  /** One page; `pageIndex` counts from 0 like the grid, the server's pages from 1. */
  page: (pageIndex: number, size: number, filter: AuditFilter, signal?: AbortSignal) =>
    api.get<AuditPage>('config', `/api/Audit/page/${pageIndex + 1}/size/${size}/filter/${enc(filter)}`, {
      signal,
    }),
  /** One entity's history, oldest first (a record's includes the records linked as revisions). */
  history: (entity: string, id: string | number, signal?: AbortSignal) =>
    api.get<AuditEntry[]>('config', `/api/Audit/${entity}/${encodeURIComponent(String(id))}`, { signal }),
}
