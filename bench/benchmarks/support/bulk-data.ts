import type { Budget } from '../../types'

/** DESIGN.md §8: a records page over 1,000,000 records, p95 ≤ 50 ms and ≤ 1.5× the same raw SQL. */
export const PAGE_BUDGET: Budget = { max: 50, maxRatio: 1.5 }

/** Rows of `db.execute` on either driver (PGlite answers {rows}, node-postgres a Result with rows). */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/** Median milliseconds of `runs` sequential runs of `operation`. */
export async function timeMs(operation: () => Promise<unknown>, runs: number): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint()
    await operation()
    samples.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]
}

/** Peak resident set and heap while `operation` runs, sampled every `everyMs`. */
export async function peakMemory<T>(
  operation: () => Promise<T>,
  everyMs = 20,
): Promise<{ result: T; peakRssMb: number; peakHeapMb: number; baseRssMb: number; baseHeapMb: number }> {
  globalThis.gc?.()
  const base = process.memoryUsage()
  let rss = base.rss
  let heap = base.heapUsed
  const sample = () => {
    const now = process.memoryUsage()
    rss = Math.max(rss, now.rss)
    heap = Math.max(heap, now.heapUsed)
  }
  const timer = setInterval(sample, everyMs)
  try {
    const result = await operation()
    sample()
    const mb = (n: number) => n / 1024 / 1024
    return {
      result,
      peakRssMb: mb(rss),
      peakHeapMb: mb(heap),
      baseRssMb: mb(base.rss),
      baseHeapMb: mb(base.heapUsed),
    }
  } finally {
    clearInterval(timer)
  }
}
