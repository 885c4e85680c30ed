import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../server/db/client'
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

/**
 * `--explain`: the database's own time for the rows the upload wrote, written again in a transaction that
 * is rolled back — `EXPLAIN ANALYZE` of an `INSERT … SELECT` of the stored records (as they are, and
 * with only the reference's columns) and of their products, with each foreign-key trigger's time.
 */
async function explainWrites(db: Db): Promise<string[]> {
  const out: string[] = []
  const recordColumns =
    (await db.execute(sql`SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
    FROM information_schema.columns WHERE table_name = 'records' AND column_name <> 'id'`)) as unknown
  const [{ list }] = rowsOf<{ list: string }>(recordColumns)
  const reference =
    'record_type_id, category, product_type_id, supplier_id, serial_number_prefix, product_serial_number, record_date, test_result, data, file_name'
  const job = sql`(SELECT max(job_id) FROM records)`
  const statements = {
    'records, all columns': sql`INSERT INTO records (${sql.raw(list)}) SELECT ${sql.raw(list)} FROM records WHERE job_id = ${job}`,
    "records, the reference's columns": sql`INSERT INTO records (${sql.raw(reference)}) SELECT ${sql.raw(reference)} FROM records WHERE job_id = ${job}`,
    products: sql`INSERT INTO products (serial_number_prefix, serial_number, product_serial_number, asset_model_id, asset_manufacturer_id, date_of_last_record, current_status)
      SELECT p.serial_number_prefix, p.serial_number, p.product_serial_number || 'x', p.asset_model_id, p.asset_manufacturer_id, p.date_of_last_record, p.current_status
      FROM products p WHERE p.id IN (SELECT product_id FROM records WHERE job_id = ${job})`,
  }
  for (const [label, statement] of Object.entries(statements)) {
    const rollback = new Error('rollback')
    await db
      .transaction(async (tx) => {
        const plan = rowsOf<Record<string, string>>(await tx.execute(sql`EXPLAIN (ANALYZE) ${statement}`))
        out.push(`  explain ${label}:`)
        for (const row of plan) {
          const line = Object.values(row)[0]
          if (/Trigger|Execution Time|Insert on/.test(line)) out.push(`    ${line.trim()}`)
        }
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
  }
  return out
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      rows: { type: 'string', default: '10000' },
      profile: { type: 'string' },
      explain: { type: 'boolean', default: false },
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
    if (values.explain) report.push(...(await explainWrites(database.db)))
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
