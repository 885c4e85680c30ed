import { verifyLoad } from './load-verify'
import { LoadSession } from './load-session'
import { lastRecordId, resolveTargets, submissionBody, type Targets } from './load-targets'
import type { CallKind, LatencyStats, LoadOptions, LoadReport } from './load-types'

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

/** Count and percentiles of one call kind's latencies. */
function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((x, y) => x - y)
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  }
}

/** What every client of one run shares. */
interface LoadRun {
  options: LoadOptions
  session: LoadSession
  targets: Targets
  runId: string
  retryShare: number
  /** Date.now() after which a client starts no new call. */
  deadline: number
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
  const before = await lastRecordId(options.db)
  const session = new LoadSession(options.baseUrl)
  const retryShare = options.retryShare ?? 0.1

  // Every client signs in before the clock starts (bcrypt is not what this run measures).
  const tokens = await Promise.all(
    Array.from({ length: options.clients }, (_, index) =>
      index % 2 === 1
        ? session.signIn('supplier', 'supplier-demo')
        : session.signIn('internal', 'internal-demo'),
    ),
  )
  const deadline = Date.now() + options.seconds * 1000
  const run: LoadRun = { options, session, targets, runId, retryShare, deadline }
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(run, i, tokens[i])))

  const { log, samples } = session
  // An abandoned key acknowledged later (its key was never reused) would be a bug in this runner.
  for (const key of log.abandoned) log.acknowledged.delete(key)
  const verdict = await verifyLoad(options.db, runId, before, log)
  const latencies: LoadReport['latencies'] = {}
  for (const [kind, list] of Object.entries(samples) as [CallKind, number[]][])
    if (list.length) latencies[kind] = stats(list)
  return {
    latencies,
    submissions: { acknowledged: log.acknowledged.size, ...session.counts },
    errors: session.errors,
    verdict,
  }
}

/** One client: submissions, records pages and products pages (and /config.json) until the deadline. */
async function client(run: LoadRun, index: number, token: string) {
  const { options, session, retryShare } = run
  const next = random((options.seed ?? 1) * 1000 + index)
  const supplier = index % 2 === 1
  let n = 0

  // Every client's first three calls are a submission, a records page and a products page, however
  // slow the machine, so even a short run on a busy one covers each call and each retry kind.
  const first = [0.3, 0.7, 0.9]
  for (let step = 0; step < first.length || Date.now() < run.deadline; step++) {
    const roll = step < first.length ? first[step] : next()
    if (options.reference && roll < 0.15) {
      await session.timed('config.json', () => session.send(null, 'GET', '/config.json', {}))
    } else if (roll < 0.6) {
      const key = `${run.runId}-${index}-${n++}`
      const body = submissionBody(run.targets, supplier, next, run.runId)
      // Each client's first submission is a retry of one of the four kinds in turn, so even a short run
      // has every kind; later ones are retried at random with probability retryShare.
      const retry = n === 1 ? (((index % 4) + 0.5) / 4) * retryShare : next()
      await submit(run, { token, key, body, next }, retry)
    } else if (roll < 0.8) {
      const page = 1 + Math.floor(next() * 5)
      const filter = encodeURIComponent(JSON.stringify({ sortField: 'recordDate', sortDirection: 'desc' }))
      await session.timed('records page', () =>
        session.send(
          'data',
          'GET',
          `/api/InstrumentTestRecord/Records/page/${page}/size/25/filter/${filter}`,
          {
            token,
          },
        ),
      )
    } else {
      const page = 1 + Math.floor(next() * 5)
      await session.timed('products page', () =>
        session.send('meta', 'GET', `/api/assets/page/${page}/size/25/filter/${encodeURIComponent('{}')}`, {
          token,
        }),
      )
    }
  }
}

/** One submission of a client, with its key, body and the client's random choices. */
interface Submission {
  token: string
  key: string
  body: string
  next: () => number
}

/**
 * Sends a submission; when `retry` is below retryShare it is sent again with the same key in one of three
 * ways (see below), and every answer must name the same record.
 */
async function submit(run: LoadRun, { token, key, body, next }: Submission, retry: number) {
  const { session, retryShare } = run
  const { counts, log } = session
  const post = (signal?: AbortSignal) =>
    session.send('submission', 'POST', '/api/InstrumentTest/upload-single/', { token, body, key, signal })
  const acknowledge = (text: string | undefined) => session.acknowledge(key, text)
  if (retry >= retryShare) {
    acknowledge(await session.timed('submit', () => post()))
  } else if (retry < retryShare * 0.3) {
    // Answered, then sent again (a client that did not see the answer): the same record back.
    counts.repeated++
    acknowledge(await session.timed('submit', () => post()))
    acknowledge(await session.timed('submit', () => post()))
  } else if (retry < retryShare * 0.55) {
    // Two at once with one key (a double click on a slow line): one record, both told its id.
    counts.parallel++
    await Promise.all([0, 1].map(async () => acknowledge(await session.timed('submit', () => post()))))
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
      acknowledge(await session.timed('submit', () => post()))
    } else {
      counts.abandoned++
      log.abandoned.add(key)
    }
  }
}
