/** The six service hosts of SPEC §7, read by the SPA at run time from /config.json. */
export const HOSTS = ['auth', 'meta', 'data', 'config', 'submission', 'itr'] as const
export type Host = (typeof HOSTS)[number]

/** Shape of /config.json. */
export interface AppConfig {
  /** The product title, the `{project title}` of SPEC. */
  title: string
  /** Base URL of each service host, without a trailing slash. */
  hosts: Record<Host, string>
}

export const DEFAULT_TITLE = 'ITR Studio'

/** JSON Schema of /config.json, used by the server's response serializer and the API docs. */
export const appConfigSchema = {
  type: 'object',
  required: ['title', 'hosts'],
  properties: {
    title: { type: 'string' },
    hosts: {
      type: 'object',
      required: [...HOSTS],
      properties: Object.fromEntries(HOSTS.map((h) => [h, { type: 'string' }])),
    },
  },
} as const
