import type { CertificateSettings } from '../../schemas/settings'
import { api } from './client'

const PATH = '/api/Settings/certificate'

/** Certificate template settings on {config} (issue #16.4): read by everyone, saved by admins. */
export const settingsApi = {
  certificate: (signal?: AbortSignal) => api.get<CertificateSettings>('config', PATH, { signal }),
  saveCertificate: (settings: CertificateSettings) => api.put<CertificateSettings>('config', PATH, settings),
}
