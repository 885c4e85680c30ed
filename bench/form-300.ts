import { pathToFileURL } from 'node:url'
import { typingFigures, runAlone, type BrowserBenchmark } from './support/form-figures'
import { typingRuns, withBrowser } from './support/form-pages'

/**
 * DESIGN.md §8 form budget, measured in Debian's Chromium: the RecordForm (rjsf + runtime widgets, live
 * pass/fail) on a 300-control layout beside a hand-written plain controlled React form of the same
 * fields (bench/runtime-demo/plain-form.tsx), each on a fresh page, alternating, in the same run. The
 * figures and their budgets are bench/support/form-figures.ts's; the first render is budgeted here too
 * (≤ 1.2× the plain form's).
 *
 * Run alone with `npx tsx bench/form-300.ts [--quick]`; `npm run bench` runs it after the database ones.
 */

/** Fields typed into on every run: text, and numeric tests whose result badge changes while typing. */
const TYPING = [0, 5, 10, 15, 20, 25, 29].flatMap((g) => [
  { label: `Reference ${g + 1}.1`, text: 'AB-12' },
  { label: `Voltage ${g + 1}`, text: '230' },
  { label: `Resistance ${g + 1}`, text: '0.5' },
])

const form300: BrowserBenchmark = {
  name: 'form-300',
  description:
    'RecordForm on a 300-control layout in Chromium, beside a plain controlled React form of the same fields',
  async measure(quick) {
    const results = await withBrowser((browser, url) =>
      typingRuns(browser, url, {
        query: { record: 'mode=record&controls=300', plain: 'mode=plain&controls=300' },
        fields: quick ? TYPING.slice(0, 6) : TYPING,
        runs: quick ? 2 : 7,
      }),
    )
    return typingFigures(results, { firstRender: { maxRatio: 1.2 } })
  },
}
export default form300

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runAlone(form300)
