import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { runLoad } from '../../bench/support/load-runner'

// Issue 8 point 3. The fast variant (npm test, CI): 10 clients for 5 s. `npm run test:stress` sets
// LOAD_CLIENTS=50 LOAD_SECONDS=60. The database is the API project's: in-memory PGlite, or a fresh
// PostgreSQL database in `npm run test:pg`.
const clients = Number(process.env.LOAD_CLIENTS ?? 10)
const seconds = Number(process.env.LOAD_SECONDS ?? 5)

let server: TestServer
let baseUrl: string
beforeAll(async () => {
  // Real HTTP on 127.0.0.1 (not inject): aborted requests and concurrent connections are part of the test.
  server = await startTestServer()
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  // Every client call has been answered by now; a connection left open must not hold the close.
  server?.app.server.closeAllConnections()
  await server?.close()
})

it(
  `stores every acknowledged submission exactly once under ${clients} clients for ${seconds} s`,
  async () => {
    const report = await runLoad({ baseUrl, db: server.database.db, clients, seconds })
    console.log(
      `load (${server.database.kind}, ${clients} clients × ${seconds} s): ${JSON.stringify(report.submissions)}, ` +
        `${report.verdict.records} records, ` +
        Object.entries(report.latencies)
          .map(
            ([kind, s]) =>
              `${kind} n=${s.count} p50 ${s.p50.toFixed(0)} p95 ${s.p95.toFixed(0)} p99 ${s.p99.toFixed(0)} ms`,
          )
          .join('; '),
    )
    expect(report.errors).toEqual([])
    expect(report.verdict.problems).toEqual([])
    // The run did what it claims: every client submitted (each first submission is one retry kind in
    // turn) and paged both lists.
    const { acknowledged, repeated, parallel, abortedRetried, abandoned } = report.submissions
    expect(acknowledged + abandoned).toBeGreaterThanOrEqual(clients)
    expect(Math.min(repeated, parallel, abortedRetried, abandoned)).toBeGreaterThan(0)
    expect(report.verdict.records).toBe(report.submissions.acknowledged + report.verdict.abandonedStored)
    expect(report.latencies['records page']?.count).toBeGreaterThanOrEqual(clients)
    expect(report.latencies['products page']?.count).toBeGreaterThanOrEqual(clients)
  },
  (seconds + 120) * 1000,
)
