import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { copyRows } from '../../server/db/copy-rows'
import type { BenchContext, Benchmark, Figure } from '../types'
import { rowsOf } from './support/bulk-data'

/** DESIGN.md §8 and issue #17.3: ≥ 20,000 rows/s on PostgreSQL, ≥ 10,000 on PGlite, ≥ 0.6× a plain COPY. */
const MIN_ROWS_PER_SECOND = { postgres: 20_000, pglite: 10_000 }
const MIN_RATIO_TO_COPY = 0.6
const HEADER = 'serial,testDate,result,errorAt5A,errorAt60A,creepTest'

/** Demo data (server/seed/reference.ts, demo-layouts.ts): Fabrikam Meters' meters, and their file-capture Test type. */
export const METERS = [
  { productTypeId: 100206, prefix: 'FTM:' }, // range 1..50,000: the 10k batch
  { productTypeId: 100205, prefix: 'FSM:' }, // range 1..100,000: the 100k batch
]

/** A meter accuracy batch: `rows` new meters, one record each, a few fails, dates over the last year. */
export function csvOf(rows: number, prefix: string): string {
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
 * The reference (issue #17.3): the same rows as a plain COPY of the products and then the records, in one
 * transaction that is then rolled back — what the database alone needs to take them. The records carry
 * no product id (that would need the products' ids read back): one foreign-key check fewer per row, so
 * the reference is, if anything, flattering.
 */
async function plainCopy(context: BenchContext, rows: number, prefix: string, ids: Ids): Promise<void> {
  const rollback = new Error('rollback')
  const now = Date.UTC(2026, 5, 30, 12)
  const serial = (i: number) => `${prefix}${90_000 + i}`
  const numbers = Array.from({ length: rows }, (_, i) => i + 1)
  await context.database.db
    .transaction(async (tx) => {
      const db = tx as unknown as Db
      await copyRows(
        db,
        'products',
        PRODUCT_COLUMNS,
        numbers.map((i) => {
          const date = new Date(now - i * 300_000)
          return [prefix, `${90_000 + i}`, serial(i), ids.productTypeId, ids.supplierId, date, 'pass']
        }),
      )
      await copyRows(
        db,
        'records',
        RECORD_COLUMNS,
        numbers.map((i) => {
          const date = new Date(now - i * 300_000)
          const data = {
            serial: serial(i),
            testDate: date.toISOString(),
            result: 'pass',
            errorAt5A: 0.1,
            errorAt60A: -0.1,
            creepTest: 'pass',
          }
          return [
            ids.recordTypeId,
            'test',
            ids.productTypeId,
            ids.supplierId,
            prefix,
            serial(i),
            date,
            'pass',
            data,
            'bench.csv',
          ]
        }),
      )
      throw rollback
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error
    })
}

const PRODUCT_COLUMNS = [
  'serial_number_prefix',
  'serial_number',
  'product_serial_number',
  'asset_model_id',
  'asset_manufacturer_id',
  'date_of_last_record',
  'current_status',
]
const RECORD_COLUMNS = [
  'record_type_id',
  'category',
  'product_type_id',
  'supplier_id',
  'serial_number_prefix',
  'product_serial_number',
  'record_date',
  'test_result',
  'data',
  'file_name',
]

interface Ids {
  supplierId: number
  recordTypeId: number
  productTypeId: number
}

/**
 * POST {submission}/api/InstrumentTest/upload-csv/ of a 10,000- and a 100,000-row meter batch (the whole
 * real path: JSON body, base64, parsing, checking every row, writing in one transaction), beside a plain
 * COPY of the same products and records.
 */
const benchmark: Benchmark = {
  name: 'csv-ingest',
  description:
    'POST {submission}/api/InstrumentTest/upload-csv/ of 10,000 and 100,000 rows (rows/s), beside a plain COPY of the same rows',
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
      const reference = await seconds(() => plainCopy(context, rows, meter.prefix, ids))
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
        reference: { label: 'plain COPY', value: rows / reference },
        budget: { min: MIN_ROWS_PER_SECOND[context.kind], minRatio: MIN_RATIO_TO_COPY },
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
