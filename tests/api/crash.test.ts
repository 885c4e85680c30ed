import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrationsFolder, openDatabase } from '../../server/db/client'
import { INTERRUPTED_JOB_MESSAGE, JobsRepository, STALE_JOB_MS } from '../../server/jobs/jobs'
import { crashDuringIngest, type CrashOutcome } from '../support/crash-run'
import { adminQuery, withDatabase } from '../support/api'
import { testDatabaseUrl } from '../support/pg'

// Issue 8 point 4: kill -9 the server in the middle of a CSV ingest and of a burst of single submissions,
// restart it on the same data. Fast variant (npm test, CI): 5,000 rows; `npm run test:stress` sets
// CRASH_ROWS=100000. PGlite always; PostgreSQL in the PostgreSQL run (`npm run test:pg`).
const rows = Number(process.env.CRASH_ROWS ?? 5000)
const journalEntries = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
).entries.length

/** What every database must show after the crash, restart, retries and re-upload. */
function expectCrashSafe(outcome: CrashOutcome) {
  const context = `killed ${outcome.killedAfterMs.toFixed(0)} ms after the upload was sent (ingest ≈ ${outcome.estimatedIngestMs.toFixed(0)} ms); upload answer: ${outcome.killedUploadAnswer}`
  // The database opened, and the restart's migrations left every migration applied once.
  expect(outcome.migrationsApplied).toBe(journalEntries)
  // The kill landed inside the ingest: its job row exists and it never finished.
  expect(outcome.crashedJob, context).toBeDefined()
  expect(outcome.crashedJob?.status, context).not.toBe('done')
  expect(outcome.killedUploadAnswer, context).toMatch(/^no answer/)
  // All-or-nothing: the interrupted file left no record; the upload again stores every row once.
  expect(outcome.crashedRecords).toBe(0)
  expect(outcome.retryAnswer).toEqual({
    status: 200,
    message: expect.any(String),
    jobId: expect.any(Number),
    records: rows,
  })
  expect(outcome.retriedRecords).toBe(rows)
  // Every acknowledged single submission is there exactly once, and so is every in-flight one retried.
  expect(outcome.acknowledgedBeforeKill).toBeGreaterThan(0)
  expect(outcome.burstFailures).toEqual([])
  expect(outcome.retryFailures).toEqual([])
  expect(outcome.notExactlyOnce).toEqual([])
}

// The PGlite case runs in the PGlite run (npm test); the PostgreSQL run has the case below instead.
describe.skipIf(testDatabaseUrl)(
  'kill -9 during a CSV ingest and a burst of submissions (PGlite data dir)',
  () => {
    let dataDir: string
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-crash-'))
      // The data dir starts as the API run's migrated and seeded snapshot (a fresh server would migrate and
      // seed it itself, only slower); the server then owns it.
      const dump = new Blob([fs.readFileSync(inject('apiSnapshot').pgliteDump!)])
      await (await openDatabase({ dataDir, loadDataDir: dump })).close()
    })
    afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }))

    it(
      `restarts cleanly with the ${rows.toLocaleString('en')}-row file all or nothing and every acknowledged submission once`,
      async () => {
        const outcome = await crashDuringIngest(
          {
            kind: 'pglite',
            env: { DATA_DIR: dataDir, SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '1000' },
            open: () => openDatabase({ dataDir }),
          },
          rows,
        )
        console.log(
          `crash (pglite, ${rows} rows): ${JSON.stringify({ ...outcome, notExactlyOnce: outcome.notExactlyOnce.length })}`,
        )
        expectCrashSafe(outcome)
        // The restarted process owns the data dir, so the interrupted job reads failed at once.
        expect(outcome.crashedJob).toEqual({ status: 'error', error: INTERRUPTED_JOB_MESSAGE })
      },
      rows > 10_000 ? 600_000 : 120_000,
    )
  },
)

describe.runIf(testDatabaseUrl)('kill -9 during a CSV ingest and a burst of submissions (PostgreSQL)', () => {
  const name = `itr_crash_${process.pid}_${Date.now()}`
  afterAll(() => adminQuery(testDatabaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))

  it(
    `restarts cleanly with the ${rows.toLocaleString('en')}-row file all or nothing and every acknowledged submission once`,
    async () => {
      // A copy of the API run's migrated and seeded template, as a fresh server would leave it.
      await adminQuery(
        testDatabaseUrl!,
        `CREATE DATABASE ${name} TEMPLATE ${inject('apiSnapshot').pgTemplate}`,
      )
      const url = withDatabase(testDatabaseUrl!, name)
      let jobRead: { status: string; error: string | null } | undefined
      const outcome = await crashDuringIngest(
        {
          kind: 'postgres',
          env: { DATABASE_URL: url, SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '1000', DATABASE_POOL_SIZE: '6' },
          // The job row is committed as running before the ingest's transaction starts (any row will do:
          // one already done fails the test's "never finished" check with its timing).
          async ingestRunning() {
            const client = new pg.Client({ connectionString: url })
            await client.connect()
            try {
              for (;;) {
                const { rowCount } = await client.query(
                  "SELECT 1 FROM jobs WHERE kind = 'csvIngest' AND payload->>'fileName' = 'crash.csv'",
                )
                if (rowCount) return
                await new Promise((resolve) => setTimeout(resolve, 20))
              }
            } finally {
              await client.end()
            }
          },
          async open() {
            const database = await openDatabase({ url, poolSize: 2 })
            // Another instance may still be running a job on a shared PostgreSQL, so the interrupted one
            // reads failed once it has been left STALE_JOB_MS without progress (here: the clock moved on).
            const later = new JobsRepository(database.db, () => Date.now() + STALE_JOB_MS + 1000)
            const { sql } = await import('drizzle-orm')
            const result = (await database.db.execute(
              sql`SELECT id FROM jobs WHERE kind = 'csvIngest' AND payload->>'fileName' = 'crash.csv'`,
            )) as unknown as { rows: { id: number }[] }
            const row = result.rows[0] ? await later.get(Number(result.rows[0].id)) : undefined
            jobRead = row && { status: row.status, error: row.error }
            return database
          },
        },
        rows,
      )
      console.log(
        `crash (postgres, ${rows} rows): ${JSON.stringify({ ...outcome, notExactlyOnce: outcome.notExactlyOnce.length })}`,
      )
      expectCrashSafe(outcome)
      expect(jobRead).toEqual({ status: 'error', error: INTERRUPTED_JOB_MESSAGE })
    },
    rows > 10_000 ? 600_000 : 120_000,
  )
})
