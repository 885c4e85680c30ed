import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import type { TestServer } from './api'
import { changedTables, snapshotter, appTables } from './fuzz-snapshot'
import { describeRequest, injectOptions, requestsFor, type FuzzRequest } from './fuzz-requests'
import { routeKey, type RouteInfo } from './fuzz-routes'

/** What a fuzz run found. */
export interface FuzzReport {
  cases: number
  /** Cases per route key. */
  perRoute: Record<string, number>
  statuses: Record<number, number>
  /** One line per failing route: the property's failure with its seed and counterexample. */
  failures: string[]
}

export interface FuzzOptions {
  /** Total cases, spread evenly over the routes (each route gets at least one). */
  totalRuns: number
  /** fast-check seed of the first route; route i uses seed + i, so a failure replays alone. */
  seed: number
  /** Tables a route may change even when it rejects a call (audit rows), by route key. */
  rejectionWrites?: Record<string, readonly string[]>
}

/**
 * Why a rejection's body is not a clear message, or undefined when it is one: JSON `{message}` with
 * readable text — no stack, no "undefined", no "[object Object]", not the generic 500 text.
 */
export function unclearRejection(body: string, request?: FuzzRequest): string | undefined {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return `not JSON: ${body.slice(0, 200)}`
  }
  const message = (json as { message?: unknown } | null)?.message
  if (typeof message !== 'string' || !message.trim()) return `no message: ${body.slice(0, 200)}`
  if (/\[object |Internal server error|\n\s+at |node_modules/.test(message))
    return `unclear message: ${message.slice(0, 300)}`
  // "undefined" or "NaN" in a message is a bug, unless the caller sent that very text.
  const sent = request ? `${safeDecode(request.url)} ${String(request.payload ?? '')}` : ''
  const leaked = message.match(/\b(undefined|NaN)\b/g)?.find((word) => !sent.includes(word))
  if (leaked) return `unclear message (${leaked}): ${message.slice(0, 300)}`
  return undefined
}

/**
 * Runs seeded fast-check properties over every route: each generated call must answer below 500, every
 * rejection must carry a clear message, and a rejected call must leave every table unchanged (row counts
 * and content hashes), apart from the audit tables a route names in `rejectionWrites`.
 */
export async function fuzzRoutes(
  server: TestServer,
  routes: RouteInfo[],
  options: FuzzOptions,
): Promise<FuzzReport> {
  const db = server.database.db
  const snapshot = snapshotter(db, await appTables(db))
  const tokens = new Map<string, string>()
  for (const view of ['viewAll', 'configurator', 'internal', 'supplier'] as const)
    tokens.set(view, await server.tokenFor(view))
  const report: FuzzReport = { cases: 0, perRoute: {}, statuses: {}, failures: [] }
  const perRoute = Math.max(1, Math.ceil(options.totalRuns / routes.length))
  let before = await snapshot()

  const check = async (route: RouteInfo, request: FuzzRequest) => {
    const res = await server.app.inject(
      injectOptions(request, request.as ? tokens.get(request.as) : undefined),
    )
    report.cases++
    report.perRoute[routeKey(route)] = (report.perRoute[routeKey(route)] ?? 0) + 1
    report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1
    if (res.statusCode >= 500)
      throw new Error(`${res.statusCode} for ${describeRequest(request)}: ${res.body.slice(0, 300)}`)
    if (res.statusCode >= 400) {
      const unclear = unclearRejection(res.body, request)
      if (unclear) throw new Error(`${res.statusCode} ${unclear} for ${describeRequest(request)}`)
      const after = await snapshot()
      const allowed = options.rejectionWrites?.[routeKey(route)] ?? []
      const changed = changedTables(before, after).filter((t) => !allowed.some((a) => t.startsWith(`${a} (`)))
      before = after
      if (changed.length)
        throw new Error(
          `${res.statusCode} rejection changed ${changed.join(', ')} for ${describeRequest(request)}`,
        )
      return
    }
    // An accepted call may change data and start background work (the Excel export): let it finish.
    await settleJobs(server)
    before = await snapshot()
  }

  for (const [index, route] of routes.entries()) {
    try {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), (request) => check(route, request)),
        { seed: options.seed + index, numRuns: perRoute, endOnFailure: true, includeErrorInReport: true },
      )
    } catch (error) {
      report.failures.push(
        `${routeKey(route)} (seed ${options.seed + index}): ${String((error as Error).message).slice(0, 1500)}`,
      )
      before = await snapshot()
    }
  }
  return report
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Waits until no job is pending or running. */
async function settleJobs(server: TestServer): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const result = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('pending', 'running')`,
    )
    if (Number((result as unknown as { rows: { n: number }[] }).rows[0].n) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('background jobs did not finish')
}
