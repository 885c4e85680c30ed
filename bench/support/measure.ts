import type { Budget, Figure } from '../types'

/** Latency samples in milliseconds. */
export type Samples = number[]

/** The q-quantile (0..1) of samples, nearest-rank. */
export function percentile(samples: Samples, q: number): number {
  if (samples.length === 0) throw new Error('no samples')
  const sorted = [...samples].sort((x, y) => x - y)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank]
}

async function time(operation: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await operation()
  return Number(process.hrtime.bigint() - start) / 1e6
}

/**
 * Times `subject` and `reference` alternately (the order flips every round, so neither always runs on
 * a warmer cache), after `warmup` untimed rounds.
 */
export async function compareLatency(options: {
  iterations: number
  warmup?: number
  subject: () => Promise<unknown>
  reference: () => Promise<unknown>
}): Promise<{ subject: Samples; reference: Samples }> {
  const warmup = options.warmup ?? Math.max(5, Math.floor(options.iterations / 10))
  for (let i = 0; i < warmup; i++) {
    await options.subject()
    await options.reference()
  }
  const subject: Samples = []
  const reference: Samples = []
  for (let i = 0; i < options.iterations; i++) {
    if (i % 2 === 0) {
      subject.push(await time(options.subject))
      reference.push(await time(options.reference))
    } else {
      reference.push(await time(options.reference))
      subject.push(await time(options.subject))
    }
  }
  return { subject, reference }
}

/** p50 and p95 figures of a latency comparison; `p95Budget` applies to the p95 line. */
export function latencyFigures(
  measured: { subject: Samples; reference: Samples },
  referenceLabel: string,
  p95Budget?: Budget,
): Figure[] {
  return [0.5, 0.95].map((q) => ({
    label: `p${Math.round(q * 100)}`,
    value: percentile(measured.subject, q),
    unit: 'ms' as const,
    reference: { label: referenceLabel, value: percentile(measured.reference, q) },
    ...(q === 0.95 && p95Budget ? { budget: p95Budget } : {}),
  }))
}
