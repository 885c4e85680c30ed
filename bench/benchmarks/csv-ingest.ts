import { sql } from 'drizzle-orm'
import type { BenchContext, Benchmark, Figure } from '../types'
import { rowsOf } from './support/bulk-data'

/** DESIGN.md §8: CSV ingest ≥ 20,000 rows/s. */
const MIN_ROWS_PER_SECOND = 20_000
const HEADER = 'serial,testDate,result,errorAt5A,errorAt60A,creepTest'

/** Demo data (server/seed/reference.ts, demo-layouts.ts): Fabrikam Meters' meters, and their file-capture Test type. */
const METERS = [
  { productTypeId: 100206, prefix: 'FTM:' }, // range 1..50,000: the 10k batch
  { productTypeId: 100205, prefix: 'FSM:' }, // range 1..100,000: the 100k batch
]

/** A meter accuracy batch: `rows` new meters, one record each, a few fails, dates over the last year. */
function csvOf(rows: number, prefix: string): string {
  const lines = [HEADER]
  const now = Date.UTC(2026, 5, 30, 12)
  for (let i = 1; i <= rows; i++) {
    const date = new Date(now - i * 300_000).toISOString().slice(0, 16).replace('T', ' ')
    const error = ((i % 200) / 100 - 1).toFixed(2)
    // The server judges every row (issue #12): a failed row's creep test fails, so its result is Fail.
    const verdict = i % 23 === 0 ? 'fail' : 'pass'
    lines.push(`${prefix}${i},${date},${verdict},${error},${(-error).toFixed(2)},${verdict}`)
  }
  return `${lines.join('\n')}\n`
}

/**
 * The reference: the same rows as plain multi-row INSERTs (1,000 rows a statement) of the products and
 * the records, in one transaction that is then rolled back — what the database alone needs.
 */
async function plainInserts(context: BenchContext, rows: number, prefix: string, ids: Ids): Promise<void> {
  const rollback = new Error('rollback')
  await context.database.db
    .transaction(async (tx) => {
      for (let from = 1; from <= rows; from += 1000) {
        const to = Math.min(rows, from + 999)
        const n = Array.from({ length: to - from + 1 }, (_, i) => from + i)
        await tx.execute(sql`INSERT INTO products (serial_number_prefix, serial_number, product_serial_number, asset_model_id, asset_manufacturer_id)
          VALUES ${sql.join(
            n.map(
              (i) =>
                sql`(${prefix}, ${`${90_000 + i}`}, ${`${prefix}${90_000 + i}`}, ${ids.productTypeId}, ${ids.supplierId})`,
            ),
            sql`, `,
          )}`)
        await tx.execute(sql`INSERT INTO records (record_type_id, category, product_type_id, supplier_id, serial_number_prefix,
            product_serial_number, record_date, test_result, data, file_name)
          VALUES ${sql.join(
            n.map(
              (i) =>
                sql`(${ids.recordTypeId}, 'test', ${ids.productTypeId}, ${ids.supplierId}, ${prefix}, ${`${prefix}${90_000 + i}`},
                  ${new Date(Date.UTC(2026, 5, 30) - i * 300_000).toISOString()}::timestamptz, 'pass',
                  ${JSON.stringify({ serial: `${prefix}${i}`, testDate: '2026-06-30 12:00', result: 'pass', errorAt5A: '0.10', errorAt60A: '-0.10', creepTest: 'pass' })}::jsonb,
                  'bench.csv')`,
            ),
            sql`, `,
          )}`)
      }
      throw rollback
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error
    })
}

interface Ids {
  supplierId: number
  recordTypeId: number
  productTypeId: number
}

/**
 * POST {submission}/api/InstrumentTest/upload-csv/ of a 10,000- and a 100,000-row meter batch (the whole
 * real path: JSON body, base64, parsing, checking every row, writing in one transaction), beside plain
 * multi-row INSERTs of the same products and records.
 */
const benchmark: Benchmark = {
  name: 'csv-ingest',
  description:
    'POST {submission}/api/InstrumentTest/upload-csv/ of 10,000 and 100,000 rows (rows/s), beside plain multi-row INSERTs of the same rows',
  async measure(context, scale) {
    const db = context.database.db
    const [{ supplierId, recordTypeId }] = rowsOf<{ supplierId: number; recordTypeId: number }>(
      await db.execute(sql`SELECT
        (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS "supplierId",
        (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS "recordTypeId"`),
    )
    if (!supplierId || !recordTypeId)
      throw new Error('csv-ingest: the demo meter supplier or record type is missing')
    const token = await context.tokenFor('internal')
    const figures: Figure[] = []
    for (const [index, size] of [10_000, 100_000].entries()) {
      const rows = Math.max(200, Math.round(size * scale))
      const meter = METERS[index]
      const ids = {
        supplierId: Number(supplierId),
        recordTypeId: Number(recordTypeId),
        productTypeId: meter.productTypeId,
      }
      const body = JSON.stringify({
        supplierId: ids.supplierId,
        productTypeId: ids.productTypeId,
        recordTypeId: ids.recordTypeId,
        fileName: 'bench.csv',
        data: Buffer.from(csvOf(rows, meter.prefix)).toString('base64'),
      })
      const reference = await seconds(() => plainInserts(context, rows, meter.prefix, ids))
      const subject = await seconds(async () => {
        const res = await context.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
          token,
          body,
          headers: { 'content-type': 'application/json' },
        })
        const stored = (res.json() as { records: number }).records
        if (stored !== rows) throw new Error(`csv-ingest: ${stored} of ${rows} rows stored`)
      })
      figures.push({
        label: `${rows.toLocaleString('en')} rows`,
        value: rows / subject,
        unit: 'rows/s',
        reference: { label: 'plain INSERT', value: rows / reference },
        budget: { min: MIN_ROWS_PER_SECOND },
      })
    }
    return figures
  },
}

async function seconds(operation: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await operation()
  return Number(process.hrtime.bigint() - start) / 1e9
}

export default benchmark
