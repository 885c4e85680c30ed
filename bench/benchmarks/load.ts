import type { AddressInfo } from 'node:net'
import { runLoad } from '../support/load-runner'
import type { CallKind } from '../support/load-types'
import type { Benchmark, Figure } from '../types'

const CLIENTS = 50
const FULL_SECONDS = 60
const QUICK_SECONDS = 20

/**
 * Issue 8 point 3: 50 concurrent clients on 127.0.0.1 for 60 s (20 s with --quick), half the internal user
 * and half the supplier user, submitting records (each with its own Idempotency-Key, ~10 % deliberately
 * retried) and paging the records and products lists. The p95 of each call kind is printed beside the p95
 * of GET /config.json (no database) sampled by the same clients in the same run: what the HTTP stack and
 * the machine alone cost at this concurrency. The run fails if any call failed or the database disagrees
 * with what the clients were told (see bench/support/load-verify.ts).
 */
const benchmark: Benchmark = {
  name: 'load',
  description: `${CLIENTS} clients × ${FULL_SECONDS} s (${QUICK_SECONDS} s with --quick) submitting and paging over HTTP: p95 per call, beside GET /config.json at the same concurrency`,
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
    // Throughput: submissions stored (each checked to be stored exactly once) per second of the run.
    figures.push({ label: 'submissions stored', value: report.verdict.records / seconds, unit: 'rows/s' })
    return figures
  },
}

export default benchmark
