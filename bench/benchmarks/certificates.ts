import { compareLatency, latencyFigures } from '../support/measure'
import type { Benchmark, Figure } from '../types'
import { peakMemory } from './support/bulk-data'
import { certificateRecord, copiesOf, readJson, zipOf } from './support/certificate-data'

/** Issue #16: one certificate of a 300-control record ≤ 300 ms (p95); a batch of 1,000 ≤ 60 s, memory flat. */
const ONE_BUDGET_MS = 300
const BATCH = 1000
const BATCH_BUDGET_S = 60

/**
 * Test certificates (issue #16): a 300-control record's certificate through the route (p50/p95, beside
 * the same record read as JSON), and a batch zip of 1,000 such records (time and peak memory, beside
 * reading the same records as JSON one by one, and beside a tenth of the batch: flat memory means the
 * peaks hardly grow with ten times the certificates).
 */
const benchmark: Benchmark = {
  name: 'certificates',
  description: `a 300-control record's certificate (p50/p95) and a zip of ${BATCH.toLocaleString('en')}, beside reading them as JSON`,
  async measure(context, scale) {
    const db = context.database.db
    const { recordId, type } = await certificateRecord(context)

    const one = await compareLatency({
      iterations: Math.max(10, Math.round(100 * scale)),
      warmup: 3,
      subject: () =>
        context.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}/certificate.pdf`, {
          as: 'viewAll',
        }),
      reference: () =>
        context.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}`, { as: 'viewAll' }),
    })

    const count = Math.max(20, Math.round(BATCH * scale))
    const ids = await copiesOf(db, recordId, type, count)

    const jsonStart = process.hrtime.bigint()
    await readJson(context, ids)
    const jsonSeconds = Number(process.hrtime.bigint() - jsonStart) / 1e9
    const tenth = await peakMemory(() => zipOf(db, ids.slice(0, Math.ceil(count / 10))))
    const full = await peakMemory(async () => {
      const start = process.hrtime.bigint()
      const bytes = await zipOf(db, ids)
      return { seconds: Number(process.hrtime.bigint() - start) / 1e9, bytes }
    })

    const figures: Figure[] = [
      ...latencyFigures(one, 'record JSON', { max: ONE_BUDGET_MS }).map((f) => ({
        ...f,
        label: `one certificate ${f.label}`,
      })),
      {
        label: `zip of ${count.toLocaleString('en')}`,
        value: full.result.seconds,
        unit: 's',
        reference: { label: 'same records as JSON', value: jsonSeconds },
        budget: { max: BATCH_BUDGET_S * (count / BATCH) },
      },
      { label: 'zip size', value: full.result.bytes / 1024 / 1024, unit: 'MB' },
      {
        label: 'peak heap growth',
        value: full.peakHeapMb - full.baseHeapMb,
        unit: 'MB',
        reference: { label: 'a tenth of them', value: tenth.peakHeapMb - tenth.baseHeapMb },
      },
      {
        label: 'peak RSS growth',
        value: full.peakRssMb - full.baseRssMb,
        unit: 'MB',
        reference: { label: 'a tenth of them', value: tenth.peakRssMb - tenth.baseRssMb },
      },
    ]
    return figures
  },
}

export default benchmark
