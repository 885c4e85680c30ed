import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../support/api'
import { startRecordingServer, type RouteInfo } from '../support/fuzz-routes'
import { fuzzRoutes } from '../support/fuzz-runner'

/**
 * Schema-driven fuzzing of every route (issue 8). The normal API suite runs ~1,000 seeded cases;
 * `npm run test:stress` runs FUZZ_RUNS=10000. FUZZ_SEED replays a run; a failure names the route's own
 * seed, so `FUZZ_SEED=<seed> FUZZ_ONLY='<METHOD url>'` replays just that route.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 1000)
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_801)
const ONLY = process.env.FUZZ_ONLY

describe(`fuzzing every route (${TOTAL_RUNS} cases, seed ${SEED})`, () => {
  let server: TestServer
  let routes: RouteInfo[]
  beforeAll(async () => {
    // Tokens must outlive a long stress run.
    ;({ server, routes } = await startRecordingServer({ accessTokenTtlSeconds: 4 * 3600 }))
  }, 120_000)
  afterAll(() => server.close())

  it(
    'answers every malformed call below 500 with a clear message and changes nothing when it rejects',
    async () => {
      const selected = ONLY ? routes.filter((r) => `${r.method} ${r.url}` === ONLY) : routes
      expect(selected.length).toBeGreaterThan(0)
      const report = await fuzzRoutes(server, selected, {
        totalRuns: TOTAL_RUNS,
        // route i uses SEED + i among the selected routes; with FUZZ_ONLY the failing route's seed replays it.
        seed: SEED,
        rejectionWrites: {
          // A failed sign-in is counted for the lockout.
          'POST /svc/auth/api/token': ['login_attempts'],
          // A rejected CSV is kept as a failed ingest job (audit).
          'POST /svc/submission/api/InstrumentTest/upload-csv': ['jobs'],
          'POST /svc/submission/api/InstrumentTest/upload-csv/': ['jobs'],
        },
      })
      console.info(
        `fuzz: ${report.cases} cases over ${selected.length} routes; statuses ${JSON.stringify(report.statuses)}`,
      )
      expect(report.failures).toEqual([])
      expect(report.cases).toBeGreaterThanOrEqual(TOTAL_RUNS)
      expect(Object.keys(report.perRoute)).toHaveLength(selected.length)
    },
    3 * 3600_000,
  )
})
