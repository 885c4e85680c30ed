import type { Db } from '../../server/db/client'
import type { LoadVerdict } from './load-verify'

/** How a load run is shaped. */
export interface LoadOptions {
  /** http://127.0.0.1:port of a listening server. */
  baseUrl: string
  /** The server's database, to resolve demo ids and to check what was stored afterwards. */
  db: Db
  clients: number
  seconds: number
  /** Share of submissions deliberately sent again with the same Idempotency-Key (default 0.1). */
  retryShare?: number
  /** Seed of the clients' choices, so a failing run can be repeated (default 1). */
  seed?: number
  /** Also time GET /config.json at the same concurrency (the reference of the load benchmark). */
  reference?: boolean
}

/** Call kinds whose latencies are reported. */
export type CallKind = 'submit' | 'records page' | 'products page' | 'config.json'

export interface LatencyStats {
  count: number
  p50: number
  p95: number
  p99: number
}

export interface LoadReport {
  latencies: Partial<Record<CallKind, LatencyStats>>
  submissions: {
    acknowledged: number
    repeated: number
    parallel: number
    abortedRetried: number
    abandoned: number
  }
  /** 5xx answers, network failures, unexpected 4xx and retries answered differently: each a failure. */
  errors: string[]
  /** The check against the database (see load-verify.ts). */
  verdict: LoadVerdict
}

/** What the run recorded about submissions, for the check afterwards. */
export interface SubmissionLog {
  /** Idempotency-Key → the recordId the server acknowledged for it. */
  acknowledged: Map<string, number>
  /** Keys whose only attempt was aborted mid-flight and never retried: stored once or not at all. */
  abandoned: Set<string>
}
