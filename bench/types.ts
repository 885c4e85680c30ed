import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Database } from '../server/db/client'
import type { Host } from '../schemas/config'
import type { RoleView } from '../schemas/roles'

/** The database a benchmark runs on. */
export type TargetKind = 'pglite' | 'postgres'

/** What a benchmark gets: a fresh, migrated database with the demo data and an app built on it. */
export interface BenchContext {
  kind: TargetKind
  database: Database
  app: FastifyInstance
  /** Bearer token of a demo user. */
  tokenFor(view: Exclude<RoleView, 'none'>): Promise<string>
  /** `app.inject` against a service host; throws unless the answer is 2xx, so failures never time as fast. */
  call(
    host: Host,
    method: InjectOptions['method'],
    path: string,
    options?: {
      as?: Exclude<RoleView, 'none'>
      token?: string
      body?: unknown
      headers?: Record<string, string>
    },
  ): Promise<LightMyRequestResponse>
}

/** A budget from DESIGN.md §8: an absolute ceiling, a ceiling relative to the reference, or a floor. */
export interface Budget {
  max?: number
  maxRatio?: number
  /** A floor relative to the reference, for throughputs (rows/s): value ≥ minRatio × reference. */
  minRatio?: number
  min?: number
}

/** One measured figure, printed beside the reference measured in the same run. */
export interface Figure {
  /** e.g. 'p95', 'rows/s'. */
  label: string
  value: number
  unit: 'ms' | 'rows/s' | 's' | 'MB' | 'KB' | 'files'
  reference?: { label: string; value: number }
  budget?: Budget
  /** Where a worst case was measured (e.g. which keystroke), printed after the figure. */
  where?: string
}

/**
 * One benchmark: one file in bench/benchmarks/ whose default export is this object. The runner calls
 * `measure` once per database on a fresh database, and prints the figures of both side by side.
 */
export interface Benchmark {
  /** Short kebab-case name, used by `npm run bench -- --only <name>`. */
  name: string
  /** One line: what is measured, and what the reference is. */
  description: string
  /** `scale` is 1 normally, smaller with --quick (fewer rows and iterations for a smoke run). */
  measure(context: BenchContext, scale: number): Promise<Figure[]>
}
