/** The six service hosts of SPEC §7, read by the SPA at run time from /config.json. */
export const HOSTS = ['auth', 'meta', 'data', 'config', 'submission', 'itr'] as const
export type Host = (typeof HOSTS)[number]

/** Shape of /config.json. */
export interface AppConfig {
  /** The product title, the `{project title}` of SPEC. */
  title: string
  /** Base URL of each service host, without a trailing slash. */
  hosts: Record<Host, string>
  /**
   * Days before expiry in which test equipment is 'Due soon' (issue #15.4, CALIBRATION_DUE_SOON_DAYS):
   * the same lead time the server's reminder job uses, so the list and the e-mails agree.
   */
  calibrationDueSoonDays: number
  /** The largest document upload in MB (UPLOAD_MAX_MB): the SPA checks a file's size before sending it. */
  uploadLimitMb: number
}

export const DEFAULT_TITLE = 'ITR Studio'

/** JSON Schema of /config.json, used by the server's response serializer and the API docs. */
export const appConfigSchema = {
  type: 'object',
  required: ['title', 'hosts', 'calibrationDueSoonDays', 'uploadLimitMb'],
  properties: {
    title: { type: 'string' },
    calibrationDueSoonDays: { type: 'integer', minimum: 0 },
    uploadLimitMb: { type: 'number', exclusiveMinimum: 0 },
    hosts: {
      type: 'object',
      required: [...HOSTS],
      properties: Object.fromEntries(HOSTS.map((h) => [h, { type: 'string' }])),
    },
  },
} as const
