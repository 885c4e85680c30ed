import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { typingFigures, runAlone, type BrowserBenchmark } from './support/form-figures'
import { typingRuns, VIEWPORT, withBrowser } from './support/form-pages'
import type { Figure } from './types'

/**
 * Issue #14's table variant of the form benchmark, in Debian's Chromium:
 *
 * - typing: the RecordForm on a 20-row × 6-column measurement table of tests with 10 conditions on the
 *   controls around it (bench/runtime-demo/table-layout.ts) beside a hand-written plain controlled React
 *   form of the same cells, results and conditions (bench/runtime-demo/plain-table-form.tsx), each on a
 *   fresh page, alternating, in the same run; the same figures and budgets as form-300 (no keystroke over
 *   50 ms, JS per keystroke ≤ 1.3× the plain form's), the first render printed without a budget;
 * - a 1,000-row table of the same six tests, every cell filled: the longest task (the browser's long
 *   tasks, over 50 ms; 0 when there is none) while it mounts, and while the page is scrolled through to its
 *   last row, a screen at a time (budget 100 ms each).
 *
 * Run alone with `npx tsx bench/form-table.ts [--quick]`; `npm run bench` runs it after form-300.
 */

/**
 * Fields typed into on every run: table cells whose result badges change while typing, and the controls
 * beside the table that conditions read (the first key of the reference shows 'Retest booked'; the
 * ambient temperature fails on its first key, showing two controls, and passes on its second).
 */
const TYPING = [
  { label: 'Test reference', text: 'AB-12' },
  { label: 'Voltage, Tap 1 A', text: '230' },
  { label: 'Resistance, Tap 1 A', text: '0.5' },
  { label: 'Ambient temperature', text: '25' },
  { label: 'Current, Tap 2 B', text: '1.2' },
  { label: 'Ratio error, Tap 2 C', text: '0.1' },
  { label: 'Voltage, Tap 3 N', text: '231' },
  { label: 'Resistance, Tap 4 A', text: '2.5' },
  { label: 'Current, Tap 4 C', text: '4.8' },
  { label: 'Ratio error, Tap 5 B', text: '0.2' },
  { label: 'Voltage, Tap 5 N', text: '229' },
  { label: 'Witness', text: 'JS-7' },
]

/** Rows of the long table. */
const LONG_ROWS = 1000

/** One long-table run: render call → first paint, and the longest task while mounting and scrolling. */
interface LongRun {
  paint: number
  mount: number
  scroll: number
}

/** Longest long task noted on the page since the last call, and forgets them. */
const takeLongest = async (page: Page) =>
  (await page.evaluate('Math.max(0, ...window.longTasks.splice(0, window.longTasks.length))')) as number

/** Mounts the long table on a fresh page, then scrolls the page through to its last row. */
async function longTableRun(browser: Browser, url: string): Promise<LongRun> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.addInitScript(
      'window.longTasks = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => window.longTasks.push(e.duration))).observe({ type: "longtask", buffered: true })',
    )
    await page.goto(`${url}?mode=table&rows=${LONG_ROWS}`)
    await page.waitForFunction('"formBench" in window')
    // Only what the table costs: loading the page's script is not part of it.
    await page.waitForTimeout(300)
    await takeLongest(page)
    const paint = (await page.evaluate('window.formBench.mount()')) as number
    await page.waitForSelector('tbody tr[data-row]')
    await page.waitForTimeout(300)
    const mount = await takeLongest(page)
    // A screen at a time, as a wheel does, to well past the last row.
    for (let y = 0; y * 800 < LONG_ROWS * 50; y++) {
      await page.mouse.wheel(0, 800)
      await page.waitForTimeout(30)
    }
    await page.waitForSelector(`tr[data-row="${LONG_ROWS - 1}"]`, { timeout: 30_000 })
    await page.waitForTimeout(300)
    return { paint, mount, scroll: await takeLongest(page) }
  } finally {
    await context.close()
  }
}

/** The long table's figures: the worst run is budgeted (a long task in any run is one a user may meet). */
function longTableFigures(runs: LongRun[]): Figure[] {
  const label = `${LONG_ROWS.toLocaleString('en')}-row table`
  const worst = (key: keyof LongRun) => Math.max(...runs.map((r) => r[key]))
  return [
    { label: `${label}: first paint (min)`, value: Math.min(...runs.map((r) => r.paint)), unit: 'ms' },
    { label: `${label}: longest task, mount (max)`, value: worst('mount'), unit: 'ms', budget: { max: 100 } },
    {
      label: `${label}: longest task, scroll (max)`,
      value: worst('scroll'),
      unit: 'ms',
      budget: { max: 100 },
    },
  ]
}

const formTable: BrowserBenchmark = {
  name: 'form-table',
  description:
    'RecordForm on a 20-row × 6-column table of tests with 10 conditions in Chromium, beside a plain controlled React form of the same cells; a 1,000-row table mounted and scrolled',
  async measure(quick) {
    return withBrowser(async (browser, url) => {
      const typing = await typingRuns(browser, url, {
        query: { record: 'mode=record&form=table', plain: 'mode=plain&form=table' },
        fields: quick ? TYPING.slice(0, 4) : TYPING,
        runs: quick ? 2 : 7,
      })
      const long: LongRun[] = []
      for (let i = 0; i < (quick ? 1 : 3); i++) long.push(await longTableRun(browser, url))
      return [...typingFigures(typing), ...longTableFigures(long)]
    })
  },
}
export default formTable

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runAlone(formTable)
