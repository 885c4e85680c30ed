import net from 'node:net'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { percentile } from './support/measure'
import { runAlone, type BrowserBenchmark } from './support/form-figures'
import { ARGS, CHROMIUM } from './support/form-pages'
import { buildApp, gzipBytes, startAppServer, unwantedMonacoFiles } from './support/app-server'
import { coldLoad, openJsonView, signIn, type PageLoad, type Session } from './support/designer-pages'
import type { Figure } from './types'

/**
 * Issue #17 point 6, the record type editor's weight, in the form benchmarks' Chromium setup on the real
 * app (built with vite.config.ts, served by server/main.ts on a fresh PGlite with the demo data):
 *
 * - cold load of /RecordTypes/{id} (Transformer Routine Test) until its design canvas shows its first card
 *   and the main thread is free again (budget 1.5 s), beside the Home page's cold load to its search
 *   form, each in a fresh browser context (empty cache, signed in by saved storage), alternating;
 * - the JS the editor loads beyond the login/home route, the JSON view and its Monaco included (the
 *   editor's runs open the JSON tab after the canvas): main-thread files (budget 900 KB gzip) and
 *   worker files apart, each file's gzip size from the build;
 * - the build holds no other Monaco language and no TypeScript, CSS or HTML worker (budget 0 files).
 *
 * Run alone with `npx tsx bench/designer-load.ts [--quick]`; `npm run bench` runs it after the form ones.
 * BENCH_DIST_DIR=dist reuses a build instead of building into .tmp/designer-bench.
 */

const RECORD_TYPE = 'Transformer Routine Test'
const CANVAS = '[data-testid^="control-"]'
const HOME = 'form[role="search"]'

const median = (xs: number[]) => percentile(xs, 0.5)
const kb = (bytes: number) => bytes / 1024

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Home and editor cold loads, alternating which goes first, after one untimed round. */
async function loads(url: string, session: Session, runs: number, browser: Parameters<typeof coldLoad>[0]) {
  const result = { home: [] as PageLoad[], editor: [] as PageLoad[] }
  for (let i = -1; i < runs; i++) {
    const order = i % 2 === 0 ? (['home', 'editor'] as const) : (['editor', 'home'] as const)
    for (const which of order) {
      const load =
        which === 'home'
          ? await coldLoad(browser, url, session, { path: '/Home', selector: HOME })
          : await coldLoad(browser, url, session, {
              path: session.editorPath,
              selector: CANVAS,
              after: openJsonView,
            })
      if (i >= 0) result[which].push(load)
    }
  }
  return result
}

/** gzip KB of the files `loads` fetched that no Home load fetched. */
function beyondHome(
  dist: string,
  pick: (load: PageLoad) => Set<string>,
  editor: PageLoad[],
  home: PageLoad[],
) {
  const homeFiles = new Set(home.flatMap((l) => [...l.scripts, ...l.workers]))
  const files = new Set(editor.flatMap((l) => [...pick(l)]).filter((f) => !homeFiles.has(f)))
  return kb([...files].reduce((sum, f) => sum + gzipBytes(dist, f), 0))
}

const designerLoad: BrowserBenchmark = {
  name: 'designer-load',
  description:
    'Cold load of the record type editor to its canvas in Chromium beside the Home page; its JS beyond Home (JSON view included)',
  async measure(quick) {
    const dist = await buildApp()
    const unwanted = unwantedMonacoFiles(dist)
    const server = await startAppServer(dist, await freePort())
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
    try {
      const session = await signIn(browser, server.url, RECORD_TYPE)
      const { home, editor } = await loads(server.url, session, quick ? 2 : 7, browser)
      const homeKb = kb(
        [...new Set(home.flatMap((l) => [...l.scripts]))].reduce((s, f) => s + gzipBytes(dist, f), 0),
      )
      const interactive = (ls: PageLoad[]) => ls.map((l) => l.interactive)
      const figures: Figure[] = [
        {
          label: 'canvas interactive (min)',
          value: Math.min(...interactive(editor)),
          unit: 'ms',
          reference: { label: 'Home', value: Math.min(...interactive(home)) },
          budget: { max: 1500 },
        },
        {
          label: 'canvas interactive (median)',
          value: median(interactive(editor)),
          unit: 'ms',
          reference: { label: 'Home', value: median(interactive(home)) },
        },
        {
          label: 'JSON tab click → text (median)',
          value: median(editor.map((l) => l.jsonOpen ?? NaN)),
          unit: 'ms',
        },
        {
          label: 'JS beyond Home, main thread (gzip)',
          value: beyondHome(dist, (l) => l.scripts, editor, home),
          unit: 'KB',
          reference: { label: 'Home route', value: homeKb },
          budget: { max: 900 },
        },
        {
          label: 'JS beyond Home, workers (gzip)',
          value: beyondHome(dist, (l) => l.workers, editor, home),
          unit: 'KB',
        },
        {
          label: 'other Monaco languages/workers in dist',
          value: unwanted.length,
          unit: 'files',
          budget: { max: 0 },
        },
      ]
      return figures
    } finally {
      await browser.close()
      await server.stop()
    }
  },
}
export default designerLoad

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runAlone(designerLoad)
