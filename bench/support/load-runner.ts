import { sql } from 'drizzle-orm'
import { servicePrefix } from '../../server/config'
import type { Db } from '../../server/db/client'
import type { Host } from '../../schemas/config'
import { verifyLoad, type LoadVerdict } from './load-verify'

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

/** Demo data every fresh database has (server/seed): what the two kinds of client submit. */
interface Targets {
  /** Fabrikam Meters, Smart Meter Accuracy Batch, single-phase meters FSM: 1..100000 (internal user). */
  meters: { supplierId: number; recordTypeId: number; productTypeId: number }
  /**
   * Northwind Transformers (the supplier user's own), Transformer Routine Test on transformers NWT: 1..5000
   * (a supplier user submits only the categories it reads: Test), with one demo test-equipment item.
   */
  transformers: { recordTypeId: number; productTypeId: number; equipmentId: number }
}

/** A transformer routine test sent as values only (the server judges it). */
const transformerValues = (serialNumber: string, testDate: string, equipmentId: number, tag: string) => ({
  serialNumber,
  testDate,
  testedBy: tag,
  testEquipment: [equipmentId],
  ratioError: 0.1,
  insulationResistance: 5000,
  noLoadLoss: 1,
  vectorGroup: 'Dyn11',
  appliedVoltage: 'Pass',
  oilLevelOk: 'Yes',
})

/** A meter accuracy test sent as values only: the server judges it (issue #12), failing or not. */
const meterValues = (serial: string, testDate: string, passing: boolean) => ({
  serial,
  testDate,
  errorAt5A: passing ? 0.2 : 1.4,
  errorAt60A: -0.1,
  creepTest: 'Pass',
})

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows

async function resolveTargets(db: Db): Promise<Targets> {
  const [ids] = rowsOf<{ fabrikam: number; meter: number; routine: number; equipment: number }>(
    await db.execute(sql`SELECT
      (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS fabrikam,
      (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS meter,
      (SELECT id FROM data_point_types WHERE name = 'Transformer Routine Test') AS routine,
      (SELECT min(id) FROM test_equipment) AS equipment`),
  )
  if (!ids?.fabrikam || !ids.meter || !ids.routine || !ids.equipment)
    throw new Error('load: the demo record types or test equipment are missing')
  return {
    meters: { supplierId: Number(ids.fabrikam), recordTypeId: Number(ids.meter), productTypeId: 100205 },
    transformers: {
      recordTypeId: Number(ids.routine),
      productTypeId: 100200,
      equipmentId: Number(ids.equipment),
    },
  }
}

/** A small seeded generator (mulberry32): the same seed gives the same run of choices. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The q-quantile (0..1) of samples, nearest rank. */
function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((x, y) => x - y)
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  }
}

/** What the run recorded about submissions, for the check afterwards. */
export interface SubmissionLog {
  /** Idempotency-Key → the recordId the server acknowledged for it. */
  acknowledged: Map<string, number>
  /** Keys whose only attempt was aborted mid-flight and never retried: stored once or not at all. */
  abandoned: Set<string>
}

/**
 * Runs `clients` concurrent clients against a real server for `seconds`: each signs in as a demo user
 * (even clients internal, odd clients the supplier user), then loops submitting records with a unique
 * Idempotency-Key and paging the records and products lists. About `retryShare` of submissions are sent
 * again with the same key: repeated after the answer, sent twice at once, or aborted mid-flight and then
 * retried (or abandoned). Afterwards the database is checked (see verifyLoad).
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const targets = await resolveTargets(options.db)
  const runId = `load-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`
  const [{ before }] = rowsOf<{ before: number }>(
    await options.db.execute(sql`SELECT coalesce(max(id), 0)::int AS before FROM records`),
  )
  const samples: Record<CallKind, number[]> = {
    submit: [],
    'records page': [],
    'products page': [],
    'config.json': [],
  }
  const log: SubmissionLog = { acknowledged: new Map(), abandoned: new Set() }
  const counts = { repeated: 0, parallel: 0, abortedRetried: 0, abandoned: 0 }
  const errors: string[] = []
  const retryShare = options.retryShare ?? 0.1

  const send = async (
    host: Host | null,
    method: string,
    path: string,
    init: { token?: string; body?: string; form?: boolean; key?: string; signal?: AbortSignal },
  ) => {
    const headers: Record<string, string> = {}
    if (init.token) headers.authorization = `Bearer ${init.token}`
    if (init.body !== undefined)
      headers['content-type'] = init.form ? 'application/x-www-form-urlencoded' : 'application/json'
    if (init.key) headers['idempotency-key'] = init.key
    const url = `${options.baseUrl}${host ? servicePrefix(host) : ''}${path}`
    return fetch(url, { method, headers, body: init.body, signal: init.signal })
  }

  const signIn = async (username: string, password: string) => {
    const res = await send('auth', 'POST', '/api/token', {
      body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      form: true,
    })
    if (res.status !== 200)
      throw new Error(`load: sign-in of ${username} answered ${res.status}: ${await res.text()}`)
    return ((await res.json()) as { token: string }).token
  }

  // Timed call: any 5xx, network failure or unexpected status is a failure of the run.
  const timed = async (kind: CallKind, call: () => Promise<Response>, expect = 200) => {
    const start = performance.now()
    let res: Response
    try {
      res = await call()
    } catch (error) {
      errors.push(`${kind}: ${(error as Error).message}`)
      return undefined
    }
    const body = await res.text()
    samples[kind].push(performance.now() - start)
    if (res.status !== expect) {
      errors.push(`${kind}: ${res.status} ${body.slice(0, 200)}`)
      return undefined
    }
    return body
  }

  // Every client signs in before the clock starts (bcrypt is not what this run measures).
  const tokens = await Promise.all(
    Array.from({ length: options.clients }, (_, index) =>
      index % 2 === 1 ? signIn('supplier', 'supplier-demo') : signIn('internal', 'internal-demo'),
    ),
  )
  const deadline = Date.now() + options.seconds * 1000
  const client = async (index: number) => {
    const next = random((options.seed ?? 1) * 1000 + index)
    const supplier = index % 2 === 1
    const token = tokens[index]
    let n = 0
    const submission = () => {
      const serial = supplier
        ? `NWT:${1 + Math.floor(next() * 5000)}`
        : `FSM:${1 + Math.floor(next() * 100_000)}`
      const date = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 300) * 86_400_000).toISOString()
      const body = supplier
        ? {
            supplierId: null,
            recordTypeId: targets.transformers.recordTypeId,
            productTypeId: targets.transformers.productTypeId,
            data: transformerValues(serial, date, targets.transformers.equipmentId, `load ${runId}`),
          }
        : { ...targets.meters, data: meterValues(serial, date, next() < 0.9) }
      return JSON.stringify(body)
    }
    const submitPath = '/api/InstrumentTest/upload-single/'
    const acknowledge = (key: string, text: string | undefined) => {
      if (text === undefined) return undefined
      const recordId = (JSON.parse(text) as { recordId: number }).recordId
      const earlier = log.acknowledged.get(key)
      if (earlier !== undefined && earlier !== recordId)
        errors.push(`submit: key ${key} answered record ${earlier} and then ${recordId}`)
      log.acknowledged.set(key, recordId)
      return recordId
    }

    // Every client's first three calls are a submission, a records page and a products page, however
    // slow the machine, so even a short run on a busy one covers each call and each retry kind.
    const first = [0.3, 0.7, 0.9]
    for (let step = 0; step < first.length || Date.now() < deadline; step++) {
      const roll = step < first.length ? first[step] : next()
      if (options.reference && roll < 0.15) {
        await timed('config.json', () => send(null, 'GET', '/config.json', {}))
      } else if (roll < 0.6) {
        const key = `${runId}-${index}-${n++}`
        const body = submission()
        const post = (signal?: AbortSignal) =>
          send('submission', 'POST', submitPath, { token, body, key, signal })
        // Each client's first submission is a retry of one of the four kinds in turn, so even a short run
        // has every kind; later ones are retried at random with probability retryShare.
        const retry = n === 1 ? (((index % 4) + 0.5) / 4) * retryShare : next()
        if (retry >= retryShare) {
          acknowledge(key, await timed('submit', () => post()))
        } else if (retry < retryShare * 0.3) {
          // Answered, then sent again (a client that did not see the answer): the same record back.
          counts.repeated++
          acknowledge(key, await timed('submit', () => post()))
          acknowledge(key, await timed('submit', () => post()))
        } else if (retry < retryShare * 0.55) {
          // Two at once with one key (a double click on a slow line): one record, both told its id.
          counts.parallel++
          await Promise.all([0, 1].map(async () => acknowledge(key, await timed('submit', () => post()))))
        } else {
          // Aborted mid-flight: the request reached the server, the client gave up waiting.
          const controller = new AbortController()
          const aborted = post(controller.signal).then(
            (res) => res.text(),
            () => undefined,
          )
          setTimeout(() => controller.abort(), 1 + Math.floor(next() * 15))
          await aborted
          if (retry < retryShare * 0.85) {
            counts.abortedRetried++
            acknowledge(key, await timed('submit', () => post()))
          } else {
            counts.abandoned++
            log.abandoned.add(key)
          }
        }
      } else if (roll < 0.8) {
        const page = 1 + Math.floor(next() * 5)
        const filter = encodeURIComponent(JSON.stringify({ sortField: 'recordDate', sortDirection: 'desc' }))
        await timed('records page', () =>
          send('data', 'GET', `/api/InstrumentTestRecord/Records/page/${page}/size/25/filter/${filter}`, {
            token,
          }),
        )
      } else {
        const page = 1 + Math.floor(next() * 5)
        await timed('products page', () =>
          send('meta', 'GET', `/api/assets/page/${page}/size/25/filter/${encodeURIComponent('{}')}`, {
            token,
          }),
        )
      }
    }
  }

  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)))
  // An abandoned key acknowledged later (its key was never reused) would be a bug in this runner.
  for (const key of log.abandoned) log.acknowledged.delete(key)
  const verdict = await verifyLoad(options.db, runId, before, log)
  const latencies: LoadReport['latencies'] = {}
  for (const [kind, list] of Object.entries(samples) as [CallKind, number[]][])
    if (list.length) latencies[kind] = stats(list)
  return { latencies, submissions: { acknowledged: log.acknowledged.size, ...counts }, errors, verdict }
}
