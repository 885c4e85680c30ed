import { DEFAULT_TITLE, HOSTS, type AppConfig, type Host } from '../../schemas/config'
import { DEFAULT_DUE_SOON_DAYS } from '../../schemas/records/calibration-status'
import { DOCUMENT_FILE_LIMIT_MB } from '../../schemas/records/submission'

let current: AppConfig = {
  title: DEFAULT_TITLE,
  hosts: Object.fromEntries(HOSTS.map((h) => [h, `/svc/${h}`])) as Record<Host, string>,
  calibrationDueSoonDays: DEFAULT_DUE_SOON_DAYS,
  uploadLimitMb: DOCUMENT_FILE_LIMIT_MB,
}

/**
 * Loads /config.json once at start: the six service base URLs and the product title are run-time
 * settings, so one build can be pointed at any environment.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  const res = await fetch('/config.json', { cache: 'no-cache' })
  if (!res.ok) throw new Error(`Could not load /config.json (${res.status} ${res.statusText})`)
  // A server older than a setting answers without it: the SPA keeps that setting's default.
  current = { ...current, ...((await res.json()) as Partial<AppConfig>) }
  return current
}

/** The configuration loaded at start (defaults before that, e.g. in unit tests). */
export const appConfig = (): AppConfig => current

/** Sets the configuration directly (unit tests). */
export const setAppConfig = (config: AppConfig) => {
  current = config
}

/** Base URL of a service host, without trailing slash. */
export const hostUrl = (host: Host): string => current.hosts[host].replace(/\/$/, '')
