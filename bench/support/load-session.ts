import { servicePrefix } from '../../server/config'
import type { Host } from '../../schemas/config'
import type { CallKind, SubmissionLog } from './load-types'

/** One request: bearer token, body (JSON, or a form), Idempotency-Key and abort signal. */
export interface SendInit {
  token?: string
  body?: string
  form?: boolean
  key?: string
  signal?: AbortSignal
}

/**
 * What the clients of one load run share: how they call the server, and what the run records for its
 * report and the check afterwards (latencies, failures, acknowledged keys and the retry counts).
 */
export class LoadSession {
  readonly samples: Record<CallKind, number[]> = {
    submit: [],
    'records page': [],
    'products page': [],
    'config.json': [],
  }
  readonly log: SubmissionLog = { acknowledged: new Map(), abandoned: new Set() }
  readonly counts = { repeated: 0, parallel: 0, abortedRetried: 0, abandoned: 0 }
  readonly errors: string[] = []

  constructor(private readonly baseUrl: string) {}

  /** A call to a service host (or, with no host, to the server's root). */
  async send(host: Host | null, method: string, path: string, init: SendInit) {
    const headers: Record<string, string> = {}
    if (init.token) headers.authorization = `Bearer ${init.token}`
    if (init.body !== undefined)
      headers['content-type'] = init.form ? 'application/x-www-form-urlencoded' : 'application/json'
    if (init.key) headers['idempotency-key'] = init.key
    const url = `${this.baseUrl}${host ? servicePrefix(host) : ''}${path}`
    return fetch(url, { method, headers, body: init.body, signal: init.signal })
  }

  /** A demo user's bearer token. */
  async signIn(username: string, password: string) {
    const res = await this.send('auth', 'POST', '/api/token', {
      body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      form: true,
    })
    if (res.status !== 200)
      throw new Error(`load: sign-in of ${username} answered ${res.status}: ${await res.text()}`)
    return ((await res.json()) as { token: string }).token
  }

  /** Timed call: any 5xx, network failure or unexpected status is a failure of the run. */
  async timed(kind: CallKind, call: () => Promise<Response>, expect = 200) {
    const start = performance.now()
    let res: Response
    try {
      res = await call()
    } catch (error) {
      this.errors.push(`${kind}: ${(error as Error).message}`)
      return undefined
    }
    const body = await res.text()
    this.samples[kind].push(performance.now() - start)
    if (res.status !== expect) {
      this.errors.push(`${kind}: ${res.status} ${body.slice(0, 200)}`)
      return undefined
    }
    return body
  }

  /** Notes the record a key was answered with; a key answered with two records is a failure. */
  acknowledge(key: string, text: string | undefined) {
    if (text === undefined) return undefined
    const recordId = (JSON.parse(text) as { recordId: number }).recordId
    const earlier = this.log.acknowledged.get(key)
    if (earlier !== undefined && earlier !== recordId)
      this.errors.push(`submit: key ${key} answered record ${earlier} and then ${recordId}`)
    this.log.acknowledged.set(key, recordId)
    return recordId
  }
}
