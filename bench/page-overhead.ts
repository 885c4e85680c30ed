import { Viewer } from '../server/access/viewer'
import { parseArgs } from 'node:util'
import fastJson from 'fast-json-stringify'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { recordPageSchema, recordsFilterSchema, type RecordsFilter } from '../schemas/records/index'
import { parseFilter } from '../server/records/filter-params'
import { RecordsRepository } from '../server/records/records'
import { recordPageSql } from '../server/records/records-page-sql'
import { AccessTokens } from '../server/auth/access-tokens'
import { seedBulk } from '../server/seed/bulk'
import { createContext } from './support/context'
import { percentile } from './support/measure'
import {
  clusterBinariesInstalled,
  pgliteTarget,
  postgresTarget,
  startTempCluster,
  type Target,
} from './support/targets'
import type { Database } from '../server/db/client'
import { rawRecordsPage } from './benchmarks/support/records-raw'
import { rowsOf } from './benchmarks/support/bulk-data'
import type { BenchContext } from './types'

/**
 * `npx tsx bench/page-overhead.ts [--db pglite|postgres] [--records n] [--iterations n] [--serial]`: where
 * the records page's time goes besides its SQL (docs/performance.md). Times, interleaved over the same
 * iterations, the whole API call, each piece of it alone (an HTTP inject of a public route, the token
 * check, the filter parse and validation, building both statements' SQL text, the repository call,
 * serialising the answer) and the raw SQL reference of the records-page benchmark; the first page, or with --serial the records
 * page's serial filter (one product's records). A diagnostic, not a budget.
 */

const SIZE = 10

/** One measured piece of the records page's work. */
type Piece = () => Promise<unknown> | unknown

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      records: { type: 'string', default: '100000' },
      iterations: { type: 'string', default: '400' },
      serial: { type: 'boolean', default: false },
    },
  })
  const { target, stopCluster } = await openTarget(values.db)
  if (!target) throw new Error('No PostgreSQL available')
  const { database, dispose } = await target.open()
  const context = await createContext(target.kind, database)
  try {
    await seedBulk(database.db, { records: Number(values.records) })
    const pieces = await overheadPieces(context, database, values.serial)
    const iterations = Number(values.iterations)
    const samples = await timePieces(pieces, iterations)
    console.log(
      `${target.label}, ${values.records} records, ${iterations} iterations (${values.serial ? 'serial filter' : 'first page, newest first'})`,
    )
    for (const [name, list] of samples)
      console.log(
        `  ${name.padEnd(34)} p50 ${percentile(list, 0.5).toFixed(3).padStart(8)} ms   p95 ${percentile(list, 0.95).toFixed(3).padStart(8)} ms`,
      )
  } finally {
    await context.app.close()
    await dispose()
    await target.close()
    await stopCluster?.()
  }
}

/** The database to measure: PGlite, or PostgreSQL at BENCH_DATABASE_URL or in a temporary cluster. */
async function openTarget(
  db: string | undefined,
): Promise<{ target: Target | undefined; stopCluster?: () => Promise<void> }> {
  if (db !== 'postgres') return { target: pgliteTarget() }
  if (process.env.BENCH_DATABASE_URL) return { target: await postgresTarget(process.env.BENCH_DATABASE_URL) }
  if (!clusterBinariesInstalled()) return { target: undefined }
  const cluster = await startTempCluster()
  return { target: await postgresTarget(cluster.url), stopCluster: cluster.stop }
}

/** The whole API call, each piece of it alone, and the raw SQL reference, by name. */
async function overheadPieces(
  context: BenchContext,
  database: Database,
  serial: boolean,
): Promise<Record<string, Piece>> {
  const token = await context.tokenFor('configurator')
  // The records-page benchmark's serial: one product's records (ten in the bulk seed).
  const [{ value }] = rowsOf<{ value: string }>(
    await database.db.execute(
      sql`SELECT product_serial_number AS value FROM records ORDER BY id DESC LIMIT 1 OFFSET 500`,
    ),
  )
  const filter: RecordsFilter = serial ? { filters: [{ field: 'productSerialNumber', value }] } : {}
  const where = serial ? sql`product_serial_number IN (${value})` : sql`true`
  const filterText = JSON.stringify(filter)
  const url = `/api/InstrumentTestRecord/Records/page/1/size/${SIZE}/filter/${encodeURIComponent(filterText)}`
  const viewer = Viewer.system
  const repo = new RecordsRepository(database.db)
  const tokens = new AccessTokens(new TextEncoder().encode('x'.repeat(64)), 3600)
  const { token: localToken } = await tokens.sign({ id: 1, username: 'u', email: 'u@x', claims: {} }, 'bench')
  const dialect = new PgDialect()
  const serialise = fastJson(recordPageSchema as never)
  const answer = await repo.page(filter, 1, SIZE, viewer)

  return {
    'API call (inject)': () => context.call('data', 'GET', url, { token }),
    'inject of /config.json (public)': () => context.app.inject({ method: 'GET', url: '/config.json' }),
    'token verify (jose)': () => tokens.verify(localToken),
    'filter parse + validate': () => parseFilter<RecordsFilter>(filterText, recordsFilterSchema),
    'both statements built (rendered)': () => {
      const statements = recordPageSql(filter, viewer, 1, SIZE)
      dialect.sqlToQuery(statements.rows)
      dialect.sqlToQuery(statements.count)
    },
    'repository page()': () => repo.page(filter, 1, SIZE, viewer),
    'serialise answer': () => serialise(answer),
    'raw SQL (2 statements)': () => rawRecordsPage(database.db, where, 1, SIZE),
  }
}

/** Runs every piece in turn each iteration (after a tenth as warm-up), so they share the machine's state. */
async function timePieces(pieces: Record<string, Piece>, iterations: number): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(Object.keys(pieces).map((k) => [k, []]))
  for (let i = -Math.floor(iterations / 10); i < iterations; i++) {
    for (const [name, run] of Object.entries(pieces)) {
      const start = process.hrtime.bigint()
      await run()
      if (i >= 0) samples.get(name)!.push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  return samples
}

main().catch((error: Error) => {
  console.error(error)
  process.exit(1)
})
