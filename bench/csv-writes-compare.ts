import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { Viewer } from '../server/access/viewer'
import type { Db } from '../server/db/client'
import { SubmissionPreparer } from '../server/submissions/prepare'
import type { PreparedRecord } from '../server/submissions/types'
import { WRITE_CHUNK_ROWS } from '../server/submissions/csv-writes'
import { RecordWriter } from '../server/submissions/write/record-writer'
import { createContext } from './support/context'
import { csvOf, METERS } from './benchmarks/csv-ingest'
import { rowsOf } from './benchmarks/support/bulk-data'
import { clusterBinariesInstalled, pgliteTarget, postgresTarget, startTempCluster } from './support/targets'

/**
 * `npx tsx bench/csv-writes-compare.ts [--db pglite|postgres] [--rows n] [--rounds n]`: the CSV upload's
 * writes alone (issue #17.3), new records and products COPYed straight into their tables with reserved
 * ids against the staging tables and `INSERT … SELECT`, alternately in the same process, each in a
 * transaction rolled back. The rows are checked once beforehand, so only the writer is timed, in the
 * upload's chunks. A diagnostic: the end-to-end figure is the csv-ingest benchmark's.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'pglite' },
      rows: { type: 'string', default: '10000' },
      rounds: { type: 'string', default: '3' },
    },
  })
  let stopCluster: (() => Promise<void>) | undefined
  let target = pgliteTarget()
  if (values.db === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL
    if (!url && !clusterBinariesInstalled()) throw new Error('No PostgreSQL available')
    const cluster = url ? null : await startTempCluster()
    stopCluster = cluster?.stop
    target = await postgresTarget(url ?? cluster!.url)
  }
  const { database, dispose } = await target.open()
  const context = await createContext(target.kind, database)
  const out: string[] = []
  try {
    const db = database.db
    const [ids] = rowsOf<{ supplierId: number; recordTypeId: number; userId: number }>(
      await db.execute(sql`SELECT
        (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS "supplierId",
        (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS "recordTypeId",
        (SELECT id FROM users WHERE username = 'internal') AS "userId"`),
    )
    const who = new Viewer({
      id: Number(ids.userId),
      claims: { ITRInternalUser: true, ITRSubmitter: true, ITRViewer: [1, 2, 3, 4] },
    })
    const meter = METERS[0]
    const [header, ...lines] = csvOf(Number(values.rows), meter.prefix).trim().split('\n')
    const columns = header.split(',')
    const preparer = new SubmissionPreparer(db)
    const prepared: PreparedRecord[] = []
    for (const line of lines) {
      const cells = line.split(',')
      const data = Object.fromEntries(columns.map((c, i) => [c, cells[i]]))
      const input = {
        supplierId: Number(ids.supplierId),
        productTypeId: meter.productTypeId,
        recordTypeId: Number(ids.recordTypeId),
        fileName: 'bench.csv',
        data,
      }
      prepared.push(await preparer.prepare('single', input, who, { textCells: true }))
    }
    const timings: Record<string, number[]> = { direct: [], staged: [] }
    for (let round = 0; round < Number(values.rounds); round++)
      for (const way of round % 2 ? ['staged', 'direct'] : ['direct', 'staged']) {
        const rollback = new Error('rollback')
        const start = performance.now()
        await db
          .transaction(async (tx) => {
            const writer = new RecordWriter(tx as unknown as Db, { copyDirect: way === 'direct' })
            for (let from = 0; from < prepared.length; from += WRITE_CHUNK_ROWS)
              await writer.writeAll(prepared.slice(from, from + WRITE_CHUNK_ROWS), who.id, null)
            timings[way].push(performance.now() - start)
            throw rollback
          })
          .catch((error: unknown) => {
            if (error !== rollback) throw error
          })
      }
    for (const [way, ms] of Object.entries(timings))
      out.push(
        `${target.label} ${prepared.length} rows, ${way}: ${ms.map((m) => m.toFixed(0)).join(', ')} ms`,
      )
  } finally {
    await context.app.close()
    await dispose()
    await target.close()
    await stopCluster?.()
  }
  console.log(out.join('\n'))
}

main().catch((error: Error) => {
  console.error(error)
  process.exit(1)
})
