import type { AddressInfo } from 'node:net'
import { runLoad } from '../support/load-runner'
import { referenceAlone, referenceThroughput, submissionsAlone } from '../support/load-reference'
import { LoadSession } from '../support/load-session'
import { resolveTargets, submissionBody } from '../support/load-targets'
import type { CallKind } from '../support/load-types'
import type { Benchmark, Figure } from '../types'

const CLIENTS = 50
const FULL_SECONDS = 60
const QUICK_SECONDS = 20
/** The raw-SQL clients' run (issue #17.1): a rate, so shorter than the HTTP run. */
const REFERENCE_SECONDS = 20
/** Submissions timed one at a time, and raw transactions beside them. */
const ALONE = 40

/**
 * Issue 8 point 3: 50 concurrent clients on 127.0.0.1 for 60 s (20 s with --quick), half the internal user
 * and half the supplier user, submitting records (each with its own Idempotency-Key, ~10 % deliberately
 * retried) and paging the records and products lists. The p95 of each call kind is printed beside the p95
 * of GET /config.json (no database) sampled by the same clients in the same run: what the HTTP stack and
 * the machine alone cost at this concurrency. The run fails if any call failed or the database disagrees
 * with what the clients were told (see bench/support/load-verify.ts). Issue #17: /config.json p95 has its
 * own budget (50 ms: HTTP stays responsive while the database works); submissions stored per second are
 * set beside the same rows written by as many clients as plain SQL transactions (≥ 0.5×), and one
 * submission alone beside one such transaction (≤ 2×) — see bench/support/load-reference.ts.
 */
const benchmark: Benchmark = {
  name: 'load',
  description: `${CLIENTS} clients × ${FULL_SECONDS} s (${QUICK_SECONDS} s with --quick) submitting and paging over HTTP: p95 per call, beside GET /config.json at the same concurrency; submissions stored beside raw SQL transactions by as many clients, and one submission alone beside one raw transaction`,
  async measure(context, scale) {
    await context.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = context.app.server.address() as AddressInfo
    const seconds = scale < 1 ? QUICK_SECONDS : FULL_SECONDS
    const report = await runLoad({
      baseUrl: `http://127.0.0.1:${port}`,
      db: context.database.db,
      clients: CLIENTS,
      seconds,
      reference: true,
    })
    if (report.errors.length)
      throw new Error(`${report.errors.length} failed calls, first: ${report.errors[0]}`)
    if (report.verdict.problems.length)
      throw new Error(`stored data disagrees: ${report.verdict.problems[0]}`)
    const reference = report.latencies['config.json']
    const kinds: CallKind[] = ['submit', 'records page', 'products page']
    const figures: Figure[] = kinds.flatMap((kind) => {
      const stats = report.latencies[kind]
      if (!stats) return []
      return [
        {
          label: `${kind} p95`,
          value: stats.p95,
          unit: 'ms' as const,
          ...(reference ? { reference: { label: 'config.json p95', value: reference.p95 } } : {}),
        },
      ]
    })
    // Issue #17.2: HTTP stays responsive whatever the database does (PGlite runs on its own thread).
    if (reference)
      figures.push({ label: 'config.json p95', value: reference.p95, unit: 'ms', budget: { max: 50 } })
    // Throughput: submissions stored (each checked to be stored exactly once) per second of the run,
    // beside the same rows written by as many clients as plain SQL transactions (issue #17.1).
    const db = context.database.db
    const targets = await resolveTargets(db)
    const raw = await referenceThroughput(db, targets, CLIENTS, scale < 1 ? 5 : REFERENCE_SECONDS)
    figures.push({
      label: 'submissions stored',
      value: report.verdict.records / seconds,
      unit: 'rows/s',
      reference: { label: 'raw SQL transactions/s', value: raw },
      budget: { minRatio: 0.5 },
    })
    figures.push(await alone(`http://127.0.0.1:${port}`, context, scale < 1 ? 10 : ALONE))
    return figures
  },
}

/** One submission at a time over HTTP (internal and supplier in turn) beside one raw transaction at a time. */
async function alone(
  baseUrl: string,
  context: Parameters<Benchmark['measure']>[0],
  count: number,
): Promise<Figure> {
  const db = context.database.db
  const targets = await resolveTargets(db)
  const session = new LoadSession(baseUrl)
  const tokens = [
    await session.signIn('internal', 'internal-demo'),
    await session.signIn('supplier', 'supplier-demo'),
  ]
  let seed = 4242
  const next = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
  const p50 = await submissionsAlone(count, async (index) => {
    const res = await session.send('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      token: tokens[index % 2],
      body: submissionBody(targets, index % 2 === 1, next, 'alone'),
      key: `alone-${Date.now()}-${index}`,
    })
    if (res.status !== 200) throw new Error(`a submission alone answered ${res.status}: ${await res.text()}`)
  })
  return {
    label: 'submission alone p50',
    value: p50,
    unit: 'ms',
    reference: { label: 'raw SQL transaction p50', value: await referenceAlone(db, targets, count) },
    budget: { maxRatio: 2 },
  }
}

export default benchmark
