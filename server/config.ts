import path from 'node:path'
import { DEFAULT_TITLE, HOSTS, type AppConfig, type Host } from '../schemas/config'
import { DEFAULT_DUE_SOON_DAYS, MAX_DUE_SOON_DAYS } from '../schemas/records/calibration-status'
import { DOCUMENT_FILE_LIMIT_MB } from '../schemas/records/submission'

/** Server settings read from the environment once at start. See README "Environment". */
export interface ServerConfig {
  port: number
  host: string
  /** PostgreSQL connection string; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl?: string
  dataDir: string
  /** Size of the PostgreSQL connection pool. */
  poolSize: number
  /** PostgreSQL: prepare statements the instance repeats (server/db/auto-prepare.ts); DATABASE_PREPARE=off to stop. */
  autoPrepare: boolean
  /** Directory of the built SPA. */
  distDir: string
  title: string
  /** Base URLs handed to the SPA; each defaults to this server's own prefix. */
  hosts: Record<Host, string>
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  /** Password attempts allowed per username and client address per minute. */
  loginRateLimit: number
  seedDemo: boolean
  /** Optional fixed JWT secret; otherwise one is generated once and kept in the database. */
  jwtSecret?: string
  /**
   * Whom to believe about the client address (X-Forwarded-For): nobody by default, so a client cannot
   * pick its own address to dodge the sign-in limits. TRUST_PROXY=true trusts every hop, a number that
   * many hops, anything else is Fastify's list of proxy addresses/CIDRs (docs/security.md).
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean)
  /** Paper of test certificates (issue #16): A4 unless CERTIFICATE_PAPER=letter. */
  certificatePaper: 'A4' | 'LETTER'
  /** Days before expiry in which test equipment is 'Due soon' and reminded (issue #15.4). */
  calibrationDueSoonDays: number
  /** Minutes between calibration reminder runs inside the server; 0 turns them off (issue #15.4). */
  reminderIntervalMinutes: number
  /** EXPORT_FILE_DAYS: days the files of exports and certificate batches are kept (0 = for ever). */
  exportFileDays: number
  /**
   * The address users open the app at (APP_URL, e.g. https://itr.example.com), without a trailing slash:
   * links in e-mails sent by scheduled jobs, which have no request to take it from. Absent: mails give paths.
   */
  publicUrl?: string
  /** Document upload limit in MB (UPLOAD_MAX_MB), told to the SPA by /config.json. */
  uploadLimitMb: number
}

/** TRUST_PROXY as Fastify's `trustProxy` option. */
export function trustProxyOf(value: string | undefined): ServerConfig['trustProxy'] {
  const text = (value ?? '').trim()
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return (_address, hop) => hop < hops
  }
  return text
}

/**
 * CALIBRATION_DUE_SOON_DAYS: a whole number of days from 0 to MAX_DUE_SOON_DAYS. Anything else stops the
 * start with a message rather than silently reminding at the wrong time.
 */
export function dueSoonDaysOf(value: string | undefined): number {
  const text = (value ?? '').trim()
  if (text === '') return DEFAULT_DUE_SOON_DAYS
  const days = Number(text)
  if (!/^\d+$/.test(text) || days > MAX_DUE_SOON_DAYS)
    throw new Error(`CALIBRATION_DUE_SOON_DAYS must be a whole number of days from 0 to ${MAX_DUE_SOON_DAYS}`)
  return days
}

/** CALIBRATION_REMINDER_INTERVAL_MINUTES: minutes (decimals allowed), 0 = off, default 60. */
export function reminderIntervalOf(value: string | undefined): number {
  const text = (value ?? '').trim()
  if (text === '') return 60
  const minutes = Number(text)
  if (!Number.isFinite(minutes) || minutes < 0)
    throw new Error(
      'CALIBRATION_REMINDER_INTERVAL_MINUTES must be a number of minutes, 0 to turn reminders off',
    )
  return minutes
}

/** EXPORT_FILE_DAYS: a whole number of days, 0 keeps the files for ever; default 30. */
export function exportFileDaysOf(value: string | undefined): number {
  const text = (value ?? '').trim()
  if (text === '') return 30
  if (!/^\d{1,5}$/.test(text))
    throw new Error('EXPORT_FILE_DAYS must be a whole number of days, 0 to keep export files for ever')
  return Number(text)
}

/** APP_URL: an absolute http(s) address, or nothing; anything else stops the start with a message. */
export function publicUrlOf(value: string | undefined): string | undefined {
  const text = (value ?? '').trim()
  if (text === '') return undefined
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(
      'APP_URL must be the absolute http(s) address users open the app at, e.g. https://itr.example.com',
    )
  return url.href.replace(/\/+$/, '')
}

/** Prefix under which each service host is mounted on this server. */
export const servicePrefix = (host: Host) => `/svc/${host}`

/** Reads the server configuration from `env` (defaults suit `npm start` on one machine). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data')
  const hosts = Object.fromEntries(
    HOSTS.map((h) => [h, env[`HOST_${h.toUpperCase()}_URL`] ?? servicePrefix(h)]),
  ) as Record<Host, string>
  return {
    port: Number(env.PORT ?? 8080),
    host: env.LISTEN_HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    poolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    autoPrepare: env.DATABASE_PREPARE?.trim().toLowerCase() !== 'off',
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    title: env.APP_TITLE ?? DEFAULT_TITLE,
    hosts,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 7 * 24 * 3600),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    seedDemo: env.SEED_DEMO !== 'false',
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    certificatePaper: env.CERTIFICATE_PAPER?.trim().toLowerCase() === 'letter' ? 'LETTER' : 'A4',
    calibrationDueSoonDays: dueSoonDaysOf(env.CALIBRATION_DUE_SOON_DAYS),
    reminderIntervalMinutes: reminderIntervalOf(env.CALIBRATION_REMINDER_INTERVAL_MINUTES),
    exportFileDays: exportFileDaysOf(env.EXPORT_FILE_DAYS),
    publicUrl: publicUrlOf(env.APP_URL),
    uploadLimitMb: uploadLimitMb(env),
  }
}

/** Document upload size limit in MB: UPLOAD_MAX_MB, DOCUMENT_FILE_LIMIT_MB (20) by default. */
export const uploadLimitMb = (env: NodeJS.ProcessEnv = process.env) =>
  Number(env.UPLOAD_MAX_MB ?? DOCUMENT_FILE_LIMIT_MB) || DOCUMENT_FILE_LIMIT_MB

/** What /config.json answers. */
export function publicConfig(config: ServerConfig): AppConfig {
  return {
    title: config.title,
    hosts: config.hosts,
    calibrationDueSoonDays: config.calibrationDueSoonDays,
    uploadLimitMb: config.uploadLimitMb,
  }
}
