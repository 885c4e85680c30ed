import { Viewer } from '../../server/access/viewer'
import { sql } from 'drizzle-orm'
import { buildRecordsWorkbook } from '../../server/records/export/xlsx'
import { seedBulk } from '../../server/seed/bulk'
import type { BenchContext, Benchmark, Figure } from '../types'
import { peakMemory, rowsOf } from './support/bulk-data'

const RECORDS = 100_000
/** DESIGN.md §8: XLSX export of 100k records ≤ 10 s with flat memory. */
const MAX_SECONDS = 10

const viewer = Viewer.system

/**
 * The reference: the same records, in the same keyset batches of 2,000, written as CSV text into memory —
 * reading and formatting without the workbook. Reads what the export reads: the fixed columns with the
 * review state and superseding record (Status), the impact-case records (Suspect) and the test equipment's
 * serials, each of the last two in one query as the export does.
 */
async function csvText(context: BenchContext): Promise<number> {
  const db = context.database.db
  await db.execute(sql`SELECT record_id, count(*) FROM impact_case_records GROUP BY record_id`)
  await db.execute(sql`SELECT id, full_serial_number FROM test_equipment`)
  const parts: string[] = []
  let after: { at: string; id: number } | undefined
  let rows = 0
  for (;;) {
    const batch = rowsOf<Record<string, unknown> & { id: number; at: string }>(
      await db.execute(sql`
        SELECT r.id, r.record_date::text AS at, r.product_serial_number, m.name AS product_type, d.name AS record_type,
               r.category, s.name AS supplier, r.test_result, r.job_number, c.name AS customer, r.batch_number,
               r.fault_items, r.repair_items, r.fault_descriptives, r.repair_descriptives, r.review_state,
               r.superseded_by_id, r.data
        FROM records r JOIN data_point_types d ON d.id = r.record_type_id
        LEFT JOIN asset_models m ON m.id = r.product_type_id
        LEFT JOIN asset_manufacturers s ON s.id = r.supplier_id
        LEFT JOIN customers c ON c.id = r.customer_id
        ${after ? sql`WHERE (r.record_date, r.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
        ORDER BY r.record_date DESC, r.id DESC LIMIT 2000`),
    )
    if (batch.length === 0) break
    for (const row of batch)
      parts.push(
        Object.values(row)
          .map((v) => JSON.stringify(v ?? ''))
          .join(','),
      )
    rows += batch.length
    const last = batch[batch.length - 1]
    after = { at: last.at, id: Number(last.id) }
    if (batch.length < 2000) break
  }
  return parts.join('\n').length + rows
}

/**
 * The real export job's workbook builder (server/records/export/xlsx.ts: its own sheet XML into a deflate stream, keyset batches)
 * over 100,000 bulk records, then over a tenth of them: the time, and the peak RSS and heap while it runs
 * (sampled every 20 ms) — flat memory means the peaks hardly grow with ten times the rows. Beside the same
 * rows written as CSV text.
 */
const benchmark: Benchmark = {
  name: 'export',
  description: `XLSX export of ${RECORDS.toLocaleString('en')} records (time, peak memory), beside the same rows as CSV text`,
  async measure(context, scale) {
    const records = Math.round(RECORDS * scale)
    await seedBulk(context.database.db, { records })
    const db = context.database.db
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM records`))

    const reference = await peakMemory(async () => {
      const start = process.hrtime.bigint()
      await csvText(context)
      return Number(process.hrtime.bigint() - start) / 1e9
    })
    const full = await peakMemory(async () => {
      const start = process.hrtime.bigint()
      const { rows, content } = await buildRecordsWorkbook(db, {}, viewer)
      if (rows !== Number(n)) throw new Error(`export: ${rows} of ${n} records written`)
      return { seconds: Number(process.hrtime.bigint() - start) / 1e9, bytes: content.length }
    })
    // A tenth of the rows (a date window over the newest tenth) for the memory comparison.
    const [{ since }] = rowsOf<{ since: string }>(
      await db.execute(
        sql`SELECT record_date::text AS since FROM records ORDER BY record_date DESC, id DESC OFFSET ${Math.floor(Number(n) / 10)} LIMIT 1`,
      ),
    )
    const tenth = await peakMemory(() =>
      buildRecordsWorkbook(db, { startDate: new Date(since).toISOString() }, viewer),
    )
    const figures: Figure[] = [
      {
        label: `${Number(n).toLocaleString('en')} records`,
        value: full.result.seconds,
        unit: 's',
        reference: { label: 'CSV text', value: reference.result },
        budget: { max: MAX_SECONDS },
      },
      { label: 'workbook size', value: full.result.bytes / 1024 / 1024, unit: 'MB' },
      {
        label: 'peak heap growth',
        value: full.peakHeapMb - full.baseHeapMb,
        unit: 'MB',
        reference: { label: 'a tenth of the rows', value: tenth.peakHeapMb - tenth.baseHeapMb },
      },
      {
        label: 'peak RSS growth',
        value: full.peakRssMb - full.baseRssMb,
        unit: 'MB',
        reference: { label: 'a tenth of the rows', value: tenth.peakRssMb - tenth.baseRssMb },
      },
      {
        label: 'peak RSS',
        value: full.peakRssMb,
        unit: 'MB',
        reference: { label: 'CSV text', value: reference.peakRssMb },
      },
    ]
    return figures
  },
}

export default benchmark
