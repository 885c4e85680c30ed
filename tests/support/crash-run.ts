import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { startServerProcess, type ServerProcess } from './pg-instances'
import {
  crashIds,
  meterCsv,
  signInInternal,
  startBurst,
  submit,
  uploadCsv,
  type CrashIds,
} from './crash-traffic'

/** Where a crash run's server keeps its data. */
export interface CrashTarget {
  kind: 'pglite' | 'postgres'
  /** Environment of both server processes (DATA_DIR or DATABASE_URL, the same for the restart). */
  env: Record<string, string>
  /** Opens the database for the checks (PGlite: only once the server has stopped; it owns the dir). */
  open(): Promise<Database>
  /** Resolves once the killed upload's job row says running, where the test can read it (PostgreSQL). */
  ingestRunning?(): Promise<void>
}

/** What the database held after kill -9, restart, retries and a re-upload. */
export interface CrashOutcome {
  /** Milliseconds each step took (start, timing upload, burst and kill, restart, …), for the log. */
  phases: Record<string, number>
  /** How long after the upload was sent the server was killed, and the calibrated ingest time. */
  killedAfterMs: number
  estimatedIngestMs: number
  /** The answer the killed upload got, if any (none when the kill cut it off, as intended). */
  killedUploadAnswer: string
  /** The interrupted ingest's job row, as the restarted server left it. */
  crashedJob: { status: string; error: string | null } | undefined
  /** Records the interrupted upload left (all-or-nothing: 0 or all rows). */
  crashedRecords: number
  /** Records of the re-upload after the restart (all rows). */
  retriedRecords: number
  retryAnswer: { status: number; records?: number; message?: string }
  /** Single submissions acknowledged before the kill, and those in flight at the kill (retried after). */
  acknowledgedBeforeKill: number
  inFlightAtKill: number
  /** Non-200 answers and unexpected network failures of the burst before the kill. */
  burstFailures: string[]
  /** Each acknowledged or retried key's stored record count (must be 1) where it is not 1. */
  notExactlyOnce: string[]
  /** Answers of the retried in-flight submissions other than 200. */
  retryFailures: string[]
  /** Migrations recorded after the restart, and those the journal has. */
  migrationsApplied: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows

/** Meters for the timing upload (FTM: 1..50,000, scaled beyond) and the killed one (FSM: 1..100,000), Fabrikam's ranges. */
const CALIBRATION = { productTypeId: 100206, prefix: 'FTM:', max: 50_000 }
const CRASHED = { productTypeId: 100205, prefix: 'FSM:' }

/**
 * Issue 8 point 4, end to end on a real server process: start a burst of single submissions, time an
 * upload of the same size while it runs, send the `rows`-row CSV and kill -9 the server 40 % into that
 * time (after the first acknowledgements and while the ingest is running), restart it on the same data,
 * retry the submissions that were in flight with their keys, upload the file again, and read what the
 * database holds.
 */
export async function crashDuringIngest(target: CrashTarget, rows: number): Promise<CrashOutcome> {
  const phases: Record<string, number> = {}
  let mark = performance.now()
  const phase = (name: string) => {
    const now = performance.now()
    phases[name] = Math.round(now - mark)
    mark = now
  }
  let server: ServerProcess | undefined = await startServerProcess(target.env)
  phase('start')
  try {
    let token = await signInInternal(server)
    const ids = await crashIds(server, token)

    // The kill time is measured, not guessed: the burst starts, and while it runs an upload of the same
    // size (on other meters) is timed, so the killed upload meets the same machine, load and database.
    const burst = startBurst(server.baseUrl, token, ids, `crash-${target.kind}`)
    await burst.firstAcknowledged
    const sample = Math.min(rows, CALIBRATION.max)
    const started = performance.now()
    const timing = await uploadCsv(
      server,
      token,
      ids,
      CALIBRATION.productTypeId,
      meterCsv(sample, CALIBRATION.prefix),
      'timing.csv',
    )
    if (timing.status !== 200)
      throw new Error(`timing upload answered ${timing.status}: ${await timing.text()}`)
    const estimatedIngestMs = ((performance.now() - started) * rows) / sample
    phase('timing upload')

    const sentAt = performance.now()
    const killedUpload = uploadCsv(
      server,
      token,
      ids,
      CRASHED.productTypeId,
      meterCsv(rows, CRASHED.prefix),
      'crash.csv',
    ).then(
      async (res) => `${res.status} ${(await res.text()).slice(0, 200)}`,
      (error: Error) => `no answer (${error.cause instanceof Error ? error.cause.message : error.message})`,
    )
    // 40 % into the measured time: past the job row and parsing, well before the commit. Where the test
    // can see the job row (PostgreSQL), it also waits for it to say running.
    await Promise.all([sleep(estimatedIngestMs * 0.4), target.ingestRunning?.()])
    const burstEnded = burst.halt()
    const killedAfterMs = performance.now() - sentAt
    await server.crash()
    server = undefined
    await burstEnded
    const killedUploadAnswer = await killedUpload
    phase('burst and kill')
    const acknowledgedBeforeKill = burst.acknowledged.size
    const inFlight = [...burst.sent.keys()].filter((key) => !burst.acknowledged.has(key))

    // The restart: migrations run again on the same data (startServerProcess rejects if it fails).
    server = await startServerProcess(target.env)
    phase('restart')
    token = await signInInternal(server)
    const retryFailures: string[] = []
    for (const key of inFlight) {
      const res = await submit(server.baseUrl, token, key, burst.sent.get(key))
      const text = await res.text()
      if (res.status === 200) burst.acknowledged.set(key, (JSON.parse(text) as { recordId: number }).recordId)
      else retryFailures.push(`${key}: ${res.status} ${text.slice(0, 200)}`)
    }
    const retry = await uploadCsv(
      server,
      token,
      ids,
      CRASHED.productTypeId,
      meterCsv(rows, CRASHED.prefix),
      'crash-retry.csv',
    )
    const retryAnswer = {
      status: retry.status,
      ...((await retry.json()) as { records?: number; message?: string }),
    }
    phase('retries and re-upload')

    if (target.kind === 'pglite') {
      await server.stop()
      server = undefined
    }
    const database = await target.open()
    phase('stop and open')
    try {
      return {
        phases,
        killedAfterMs,
        estimatedIngestMs,
        killedUploadAnswer,
        acknowledgedBeforeKill,
        inFlightAtKill: inFlight.length,
        burstFailures: burst.failures,
        retryFailures,
        retryAnswer,
        ...(await readBack(database, ids, burst.acknowledged)),
      }
    } finally {
      await database.close()
    }
  } finally {
    await server?.stop()
  }
}

async function readBack(database: Database, ids: CrashIds, acknowledged: Map<string, number>) {
  const db = database.db
  const [crashedJob] = rowsOf<{ status: string; error: string | null }>(
    await db.execute(sql`SELECT status, error FROM jobs
      WHERE kind = 'csvIngest' AND payload->>'fileName' = 'crash.csv' ORDER BY id`),
  )
  const counts = rowsOf<{ file: string; n: number }>(
    await db.execute(sql`SELECT file_name AS file, count(*)::int AS n FROM records
      WHERE record_type_id = ${ids.meterType} AND file_name IN ('crash.csv', 'crash-retry.csv') GROUP BY file_name`),
  )
  const countOf = (file: string) => Number(counts.find((c) => c.file === file)?.n ?? 0)
  // Each key's records (its notes) and its stored answer: exactly one record, the one acknowledged.
  const stored = rowsOf<{ key: string; n: number; ids: string }>(
    await db.execute(sql`SELECT data->>'notes' AS key, count(*)::int AS n, string_agg(id::text, ',') AS ids
      FROM records WHERE record_type_id = ${ids.problemType} AND data->>'notes' LIKE 'crash-%' GROUP BY 1`),
  )
  const byKey = new Map(stored.map((row) => [row.key, row]))
  const notExactlyOnce: string[] = []
  for (const [key, recordId] of acknowledged) {
    const row = byKey.get(key)
    if (!row || Number(row.n) !== 1 || row.ids !== String(recordId))
      notExactlyOnce.push(
        `${key}: acknowledged record ${recordId}, stored ${row ? `${row.n} (${row.ids})` : 'none'}`,
      )
  }
  for (const row of stored)
    if (!acknowledged.has(row.key)) notExactlyOnce.push(`${row.key}: stored ${row.n} but never acknowledged`)
  const [{ n: migrationsApplied }] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
  )
  return {
    crashedJob,
    crashedRecords: countOf('crash.csv'),
    retriedRecords: countOf('crash-retry.csv'),
    notExactlyOnce,
    migrationsApplied: Number(migrationsApplied),
  }
}
