import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createContext } from './support/context'
import { formatBenchmark, withinBudget, type Outcome } from './support/report'
import {
  clusterBinariesInstalled,
  pgliteTarget,
  postgresTarget,
  startTempCluster,
  type Target,
} from './support/targets'
import type { Benchmark } from './types'
import { formatBrowserFigures, overBudget, type BrowserBenchmark } from './support/form-figures'
import form300 from './form-300'
import formTable from './form-table'
import designerLoad from './designer-load'

/** The browser benchmarks, which need no database: run once each, in this order, after the others. */
const BROWSER_BENCHMARKS: BrowserBenchmark[] = [form300, formTable, designerLoad]
const isBrowserBenchmark = (name: string) => BROWSER_BENCHMARKS.some((b) => b.name === name)

/**
 * `npm run bench`: runs every benchmark in bench/benchmarks/ on PGlite and on PostgreSQL, each on a fresh
 * database, and prints both databases' figures side by side, each beside its reference measured in the
 * same run (DESIGN.md §8). PostgreSQL is BENCH_DATABASE_URL when set, otherwise a throw-away cluster
 * started with scripts/pg-test-cluster.sh when Debian's PostgreSQL is installed.
 */

const USAGE = `Usage: npm run bench -- [--only <name>]… [--db pglite|postgres|both] [--quick] [--strict]

--only <name>   run only this benchmark (repeatable)
--db <which>    databases to measure (default both; PostgreSQL is skipped with a note when unavailable)
--quick         fewer rows and iterations: a smoke run, not figures to quote
--strict        exit with status 2 when a figure is over its budget
BENCH_DATABASE_URL=postgres://…  measure on this server instead of a temporary cluster`

const BENCH_DIR = path.join(import.meta.dirname, 'benchmarks')

async function loadBenchmarks(only: string[]): Promise<Benchmark[]> {
  const files = fs
    .readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
  const all: Benchmark[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(BENCH_DIR, file)).href)) as { default: Benchmark }
    all.push(module.default)
  }
  const unknown = only.filter((name) => !all.some((b) => b.name === name))
  if (unknown.length)
    throw new Error(
      `Unknown benchmark ${unknown.join(', ')}; known: ${[...all, ...BROWSER_BENCHMARKS].map((b) => b.name).join(', ')}`,
    )
  return only.length ? all.filter((b) => only.includes(b.name)) : all
}

async function openTargets(which: string): Promise<{ targets: Target[]; notes: string[] }> {
  const targets: Target[] = []
  const notes: string[] = []
  if (which !== 'postgres') targets.push(pgliteTarget())
  if (which !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL
    if (url) targets.push(await postgresTarget(url))
    else if (clusterBinariesInstalled()) {
      const cluster = await startTempCluster()
      targets.push(await postgresTarget(cluster.url, cluster.stop))
    } else if (which === 'postgres') {
      throw new Error("No PostgreSQL: set BENCH_DATABASE_URL or install Debian's postgresql package.")
    } else {
      notes.push("PostgreSQL not measured: set BENCH_DATABASE_URL or install Debian's postgresql package.")
    }
  }
  return { targets, notes }
}

async function runOne(benchmark: Benchmark, target: Target, scale: number): Promise<Outcome> {
  const { database, dispose } = await target.open()
  try {
    const context = await createContext(target.kind, database)
    try {
      return { figures: await benchmark.measure(context, scale) }
    } finally {
      await context.app.close()
    }
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0] }
  } finally {
    await dispose()
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      db: { type: 'string', default: 'both' },
      quick: { type: 'boolean' },
      strict: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help || !['pglite', 'postgres', 'both'].includes(values.db!)) {
    console.log(USAGE)
    process.exit(values.help ? 0 : 1)
  }
  const dbOnly = (values.only ?? []).filter((name) => !isBrowserBenchmark(name))
  const formOnly = (values.only?.length ?? 0) > 0 && dbOnly.length === 0
  const benchmarks = formOnly ? [] : await loadBenchmarks(dbOnly)
  const scale = values.quick ? 0.05 : 1
  const { targets, notes } = formOnly ? { targets: [], notes: [] } : await openTargets(values.db!)
  const closeTargets = () => Promise.all(targets.map((t) => t.close()))
  process.once('SIGINT', () => void closeTargets().finally(() => process.exit(130)))

  let failed = false
  let over = false
  try {
    const columns = targets.map((t) => t.label)
    console.log(
      `ITR Studio benchmarks${values.quick ? ' (--quick: a twentieth of the rows and iterations, a smoke run)' : ''}: ${columns.join(' | ')}`,
    )
    console.log(`node ${process.version}, ${new Date().toISOString()}`)
    for (const note of notes) console.log(note)
    for (const benchmark of benchmarks) {
      const outcomes: Record<string, Outcome> = {}
      for (const target of targets) {
        const outcome = await runOne(benchmark, target, scale)
        outcomes[target.label] = outcome
        if ('error' in outcome) failed = true
        else if (outcome.figures.some((f) => withinBudget(f) === false)) over = true
      }
      console.log(`\n${formatBenchmark(`${benchmark.name}: ${benchmark.description}`, columns, outcomes)}`)
    }
  } finally {
    await closeTargets()
  }
  for (const benchmark of BROWSER_BENCHMARKS) {
    if (values.only?.length && !values.only.includes(benchmark.name)) continue
    try {
      const figures = await benchmark.measure(values.quick ?? false)
      console.log(`\n${formatBrowserFigures(benchmark, figures)}`)
      if (overBudget(figures)) over = true
    } catch (error) {
      console.log(`\n${benchmark.name}: FAILED: ${(error as Error).message.split('\n')[0]}`)
      failed = true
    }
  }
  process.exit(failed ? 1 : values.strict && over ? 2 : 0)
}

main().catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
