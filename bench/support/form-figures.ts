import type { Budget, Figure } from '../types'
import { percentile } from './measure'
import { formatFigure, withinBudget } from './report'
import type { Mode, RunResult } from './form-pages'

/**
 * The figures of the form benchmarks (DESIGN.md §8 form budget), the RecordForm's beside its plain React
 * reference's:
 *
 * - first render: render call → first paint (the fastest run is budgeted where a budget is given, the
 *   median printed too), and render call → React's commit (its script part);
 * - keystroke → paint: keydown event → the frame presented after it (Event Timing, the measure behind
 *   INP, in 8 ms steps; 16 ms where it reports nothing), every keystroke (the first after mount reported
 *   on its own), none over 50 ms;
 * - click into a field → paint: the click before each field's typing (scrolling the field into view
 *   included), printed beside the plain form's, not budgeted: the budget is the typing's;
 * - JS per keystroke: keydown event → input handled (React's commit included), the main-thread work,
 *   at the median ≤ 1.3× the plain form's.
 */

/** A benchmark run in Chromium once, after the database ones, by `npm run bench` (bench/run.ts). */
export interface BrowserBenchmark {
  /** Short kebab-case name, used by `npm run bench -- --only <name>`. */
  name: string
  /** One line: what is measured, and what the reference is. */
  description: string
  /** `quick`: fewer runs and fields, a smoke run. */
  measure(quick: boolean): Promise<Figure[]>
}

const median = (xs: number[]) => percentile(xs, 0.5)
const min = (xs: number[]) => Math.min(...xs)
const max = (xs: number[]) => Math.max(...xs)

/** The figures of both forms' runs; `firstRender` is the budget of the fastest first render, if any. */
export function typingFigures(
  results: Record<Mode, RunResult[]>,
  budgets: { firstRender?: Budget } = {},
): Figure[] {
  const all = (mode: Mode, key: 'paint' | 'js' | 'clicks') => results[mode].flatMap((r) => r[key])
  const firsts = (mode: Mode) => results[mode].map((r) => r.paint[0])
  const of = (mode: Mode, key: 'firstRender' | 'script') => results[mode].map((r) => r[key])
  /** A figure of the RecordForm beside the same figure of the plain form. */
  const pair = (label: string, pick: (mode: Mode) => number, budget?: Budget): Figure => ({
    label,
    value: pick('record'),
    unit: 'ms',
    reference: { label: 'plain form', value: pick('plain') },
    ...(budget ? { budget } : {}),
  })
  const keystrokeBudget = { max: 50 }
  /** Which keystroke of a form's runs was the slowest to paint (the first such one). */
  const slowestKey = (mode: Mode) => {
    let worst = { ms: -1, name: '' }
    for (const r of results[mode])
      r.paint.forEach((ms, i) => {
        if (ms > worst.ms) worst = { ms, name: r.keyNames[i] ?? `key ${i + 1}` }
      })
    return worst.name
  }
  return [
    // The budgeted figure is the fastest run of each form: on a shared machine the other runs mostly
    // measure other processes; the median is printed beside it.
    pair('first render (min)', (m) => min(of(m, 'firstRender')), budgets.firstRender),
    pair('first render (median)', (m) => median(of(m, 'firstRender'))),
    pair('first render, script only (min)', (m) => min(of(m, 'script'))),
    pair('first keystroke → paint (max)', (m) => max(firsts(m)), keystrokeBudget),
    pair('keystroke → paint p50', (m) => median(all(m, 'paint'))),
    pair('keystroke → paint p95', (m) => percentile(all(m, 'paint'), 0.95)),
    {
      ...pair('keystroke → paint (max)', (m) => max(all(m, 'paint')), keystrokeBudget),
      where: `slowest: ${slowestKey('record')}; plain form's: ${slowestKey('plain')}`,
    },
    pair('JS per keystroke p50', (m) => median(all(m, 'js')), { maxRatio: 1.3 }),
    pair('JS per keystroke p95', (m) => percentile(all(m, 'js'), 0.95)),
    pair('click into a field → paint p50', (m) => median(all(m, 'clicks'))),
    pair('click into a field → paint (max)', (m) => max(all(m, 'clicks'))),
  ]
}

/** The printed block of a browser benchmark: its name and description, then one line per figure. */
export function formatBrowserFigures(
  benchmark: Pick<BrowserBenchmark, 'name' | 'description'>,
  figures: Figure[],
) {
  const width = Math.max(...figures.map((f) => f.label.length))
  return [
    `${benchmark.name}: ${benchmark.description}`,
    ...figures.map((f) => `  ${f.label.padEnd(width)}   ${formatFigure(f)}`),
  ].join('\n')
}

/** Whether any figure is over its budget. */
export const overBudget = (figures: Figure[]) => figures.some((f) => withinBudget(f) === false)

/**
 * Runs a browser benchmark alone, as `npx tsx bench/<name>.ts [--quick] [--strict]` does: prints its
 * figures, exits 2 with --strict when one is over budget, 1 when it fails.
 */
export function runAlone(benchmark: BrowserBenchmark): void {
  benchmark
    .measure(process.argv.includes('--quick'))
    .then((figures) => {
      console.log(formatBrowserFigures(benchmark, figures))
      process.exit(process.argv.includes('--strict') && overBudget(figures) ? 2 : 0)
    })
    .catch((error: Error) => {
      console.error(error.stack ?? error.message)
      process.exit(1)
    })
}
