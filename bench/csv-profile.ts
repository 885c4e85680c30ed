import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { PgliteThread } from '../server/db/pglite-thread-client'
import { SubmissionPreparer } from '../server/submissions/prepare'
import { RecordWriter } from '../server/submissions/write/record-writer'
import { ImpactAssessment } from '../server/impact-cases/assessment'
import { createContext } from './support/context'
import {
  clusterBinariesInstalled,
  pgliteTarget,
  postgresTarget,
  startTempCluster,
  type Target,
} from './support/targets'
import { csvOf, METERS } from './benchmarks/csv-ingest'
import { rowsOf } from './benchmarks/support/bulk-data'

/**
 * `npx tsx bench/csv-profile.ts [--db pglite|postgres] [--rows n] [--profile file]`: where a CSV upload's time goes
 * (issue #17.3). Uploads the csv-ingest benchmark's meter batch once and prints the time spent in each
 * phase (checking rows, the writer, the impact assessment) and in each kind of statement, by the first
 * words of its SQL. Phases overlap on PostgreSQL (the server writes a chunk while Node checks the next),
 * so they need not add up to the whole. `--profile file.cpuprofile` writes a CPU profile of the upload
 * alone (open it in Chrome's DevTools). A diagnostic, not a budget.
 */

const totals = new Map<string, { ms: number; calls: number }>()

function add(name: string, ms: number) {
  const entry = totals.get(name) ?? { ms: 0, calls: 0 }
  entry.ms += ms
  entry.calls++
  totals.set(name, entry)
}

/** Times every call of `object[method]` (a promise-returning method) under `name`. */
function timeMethod(object: object, method: string, name: (args: unknown[]) => string | null) {
  const target = object as Record<string, (...args: unknown[]) => unknown>
  const original = target[method]
  target[method] = function (this: unknown, ...args: unknown[]) {
    const label = name(args)
    if (label === null) return original.apply(this, args)
    const start = performance.now()
    const result = original.apply(this, args) as Promise<unknown>
    return Promise.resolve(result).finally(() => add(label, performance.now() - start))
  }
}

/** A statement's label: its first words, numbers and parameters blanked. */
const statementLabel = (text: string) => `sql: ${text.replace(/\s+/g, ' ').trim().slice(0, 70)}`

/** The database the upload runs on: PGlite, BENCH_DATABASE_URL, or a temporary PostgreSQL cluster. */
async function openTarget(
  db: string | undefined,
): Promise<{ target: Target; stopCluster?: () => Promise<void> }> {
  if (db !== 'postgres') return { target: pgliteTarget() }
  const url = process.env.BENCH_DATABASE_URL
  if (url) return { target: await postgresTarget(url) }
  if (!clusterBinariesInstalled()) throw new Error('No PostgreSQL available')
  const cluster = await startTempCluster()
  return { target: await postgresTarget(cluster.url), stopCluster: cluster.stop }
}

/** Times the upload's phases and every statement sent to either driver. */
function timePhases() {
  timeMethod(SubmissionPreparer.prototype, 'prepare', () => 'check: preparer.prepare (per row)')
  timeMethod(RecordWriter.prototype, 'writeAll', () => 'write: RecordWriter.writeAll (per chunk)')
  timeMethod(ImpactAssessment.prototype, 'afterWrite', () => 'write: ImpactAssessment.afterWrite')
  const statement = (args: unknown[]) =>
    typeof args[0] === 'string'
      ? statementLabel(args[0])
      : typeof (args[0] as { text?: unknown })?.text === 'string'
        ? statementLabel((args[0] as { text: string }).text)
        : (args[0] as { sql?: unknown })?.sql
          ? statementLabel(String((args[0] as { sql: string }).sql))
          : null
  timeMethod(pg.Client.prototype, 'query', statement)
  timeMethod(PgliteThread.prototype, 'call', statement)
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      rows: { type: 'string', default: '10000' },
      profile: { type: 'string' },
    },
  })
  const { target, stopCluster } = await openTarget(values.db)
  const { database, dispose } = await target.open()
  const report: string[] = []
  const context = await createContext(target.kind, database)
  try {
    const [{ supplierId, recordTypeId }] = rowsOf<{ supplierId: number; recordTypeId: number }>(
      await database.db.execute(sql`SELECT
        (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS "supplierId",
        (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS "recordTypeId"`),
    )
    const rows = Number(values.rows)
    const meter = METERS[rows > 50_000 ? 1 : 0]
    const body = JSON.stringify({
      supplierId: Number(supplierId),
      productTypeId: meter.productTypeId,
      recordTypeId: Number(recordTypeId),
      fileName: 'bench.csv',
      data: Buffer.from(csvOf(rows, meter.prefix)).toString('base64'),
    })
    const token = await context.tokenFor('internal')
    timePhases()
    // The CPU profile, when asked for, covers the upload alone (not the migration and seeding).
    const session = values.profile ? new Session() : null
    session?.connect()
    await session?.post('Profiler.enable')
    await session?.post('Profiler.start')
    const start = performance.now()
    const res = await context.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      token,
      body,
      headers: { 'content-type': 'application/json' },
    })
    const elapsed = performance.now() - start
    if (session) {
      const { profile } = await session.post('Profiler.stop')
      fs.writeFileSync(values.profile!, JSON.stringify(profile))
      session.disconnect()
    }
    report.push(
      `${target.label}: ${rows} rows in ${elapsed.toFixed(0)} ms (${res.statusCode}), ${((rows / elapsed) * 1000).toFixed(0)} rows/s`,
    )
    for (const [name, { ms, calls }] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30))
      report.push(`  ${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(6)}×  ${name}`)
  } finally {
    await context.app.close()
    await dispose()
    await target.close()
    await stopCluster?.()
  }
  // Printed after the cleanup: piped into `head`, a write after head has gone ends the process, which
  // must not leave a temporary cluster or data directory behind.
  console.log(report.join('\n'))
}

main().catch((error: Error) => {
  console.error(error)
  process.exit(1)
})
