import http from 'node:http'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { precompiledValidators } from '../../scripts/vite-precompiled-validators'

/**
 * The browser side of the form benchmarks (bench/form-300.ts, bench/form-table.ts): bench/runtime-demo
 * built with Vite as the app is, served locally, opened in Debian's Chromium; each form typed into on a
 * fresh page, the RecordForm and its plain React reference alternating in the same run.
 */

const ROOT = path.join(import.meta.dirname, '..', 'runtime-demo')
const OUT = path.join(import.meta.dirname, '..', '..', '.tmp', 'form-bench')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
/** Every page of the benchmarks has this size. */
export const VIEWPORT = { width: 1280, height: 900 }

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
}

/**
 * Builds bench/runtime-demo with Vite into .tmp/form-bench (the benchmarks), or `outDir` unminified
 * (bench/form-profile.ts, whose profiles then name the functions).
 */
export async function buildPage(options: { outDir?: string; minify?: boolean } = {}): Promise<void> {
  await build({
    root: ROOT,
    configFile: false,
    base: './',
    logLevel: 'warn',
    // As the app is built: static schemas precompiled (no eval), so the figures are the shipped code's.
    plugins: [react(), precompiledValidators()],
    build: {
      outDir: options.outDir ?? OUT,
      emptyOutDir: true,
      sourcemap: false,
      ...(options.minify === false ? { minify: false } : {}),
    },
  })
}

/** Serves the built page (from `root`, .tmp/form-bench by default) on a free local port. */
export function serve(root = OUT): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file
    if (!target.startsWith(root) || !fs.existsSync(target)) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' })
    fs.createReadStream(target).pipe(res)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) })
    }),
  )
}

/** Builds and serves the page, opens Chromium, runs `work`, and closes both whatever happens. */
export async function withBrowser<T>(work: (browser: Browser, url: string) => Promise<T>): Promise<T> {
  await buildPage()
  const server = await serve()
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  try {
    return await work(browser, server.url)
  } finally {
    await browser.close()
    await server.close()
  }
}

/** The RecordForm, or the plain form it is measured against. */
export type Mode = 'record' | 'plain'

/** A field typed into: its label (exact) and the keys pressed. */
export interface Typing {
  label: string
  text: string
}

/** One form's run on a fresh page. */
export interface RunResult {
  /** Render call → first paint. */
  firstRender: number
  /** Render call → React's commit: the script part of the first render. */
  script: number
  /** keydown → the frame presented after it (Event Timing) per keystroke, in order (the first is the first after mount). */
  paint: number[]
  /** keydown → input handled per keystroke. */
  js: number[]
  /** Which key each keystroke was: the field's label and the key's place in its text, e.g. `'Voltage 1' key 2`. */
  keyNames: string[]
  /** pointerdown → the frame presented after it, per click into a field (Event Timing). */
  clicks: number[]
}

/** Resolves after the next frame has been produced (two animation frames). */
const NEXT_FRAME = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))'

/** Between scrolling a field into view and clicking it. */
const SETTLE_MS = 200

/** A field's accessible name: its label, with the asterisk a control gets once it is required (issue #14's requiredIf). */
const fieldName = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`)

/** Mounts the form at `url` + `query`, then types `fields` key by key, timing each key. */
async function runOnce(
  page: Page,
  address: string,
  mode: Mode,
  fields: readonly Typing[],
): Promise<RunResult> {
  await page.goto(address)
  // Strings, not functions: bench/ is type-checked without DOM types (the page is bench/runtime-demo/main.tsx).
  await page.waitForFunction('"formBench" in window')
  const firstRender = (await page.evaluate('window.formBench.mount()')) as number
  const script = (await page.evaluate('window.formBench.scriptMs')) as number
  let typed = 0
  const keyNames: string[] = []
  for (const { label, text } of fields) {
    const input = page.getByLabel(fieldName(label))
    // A user wheels a field well into view, clicks it, then types (docs/performance.md, #14): the wheel
    // brings it to the middle of the window, as a compositor scroll. Playwright's own click scrolls just
    // enough, by script; after such a scroll, and for a field touching the window's bottom edge, headless
    // Chromium presents no frame for the keystrokes that follow until a later input does, so Event Timing
    // charged each key the pause before that input (a headed Chromium under Xvfb presents them at once).
    const box = await input.boundingBox({ timeout: 10_000 }).catch((e: Error) => {
      throw new Error(`${mode} form has no field '${label}' to type into: ${e.message.split('\n')[0]}`)
    })
    const offset = box ? box.y + box.height / 2 - VIEWPORT.height / 2 : 0
    if (Math.abs(offset) > VIEWPORT.height / 4) {
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2)
      await page.mouse.wheel(0, offset)
    }
    // A person takes a moment between scrolling and clicking: the tiles the scroll brought in are rastered
    // by then (in the software compositor that raster holds back the next frames, whatever they show).
    await page.evaluate(NEXT_FRAME)
    await page.waitForTimeout(SETTLE_MS)
    // The click (and any raster it causes) is timed on its own, as `clicks`; its frame is presented before
    // the first key.
    await input.click()
    await page.evaluate(NEXT_FRAME)
    for (const [n, ch] of [...text].entries()) {
      keyNames.push(`'${label}' key ${n + 1}`)
      await page.keyboard.press(ch)
      typed++
      await page.waitForFunction(`window.formBench.keys.length >= ${typed}`)
    }
  }
  // Event Timing reports a keystroke once its frame is presented: give the last ones time to arrive.
  await page.waitForTimeout(250)
  const keys = (await page.evaluate('window.formBench.keys')) as { js: number }[]
  const paint = (await page.evaluate('window.formBench.presented()')) as number[]
  const clicks = (await page.evaluate('window.formBench.clicks()')) as number[]
  // The form must really have taken the input, or the figures would time nothing.
  const last = fields[fields.length - 1]
  const shown = await page.getByLabel(fieldName(last.label)).inputValue()
  if (shown !== last.text) throw new Error(`${mode} form did not take the typing: "${shown}"`)
  return { firstRender, script, paint, js: keys.map((k) => k.js), clicks, keyNames }
}

/**
 * Both forms' timed runs (`runs` each), each on a fresh page, alternating which goes first, after one
 * untimed round that warms the browser's caches for both bundles' code paths. `query` is each form's
 * page query string.
 */
export async function typingRuns(
  browser: Browser,
  url: string,
  options: { query: Record<Mode, string>; fields: readonly Typing[]; runs: number },
): Promise<Record<Mode, RunResult[]>> {
  const results: Record<Mode, RunResult[]> = { record: [], plain: [] }
  for (let i = -1; i < options.runs; i++) {
    const order: Mode[] = i % 2 === 0 ? ['record', 'plain'] : ['plain', 'record']
    for (const mode of order) {
      const context = await browser.newContext({ viewport: VIEWPORT })
      const page = await context.newPage()
      const result = await runOnce(page, `${url}?${options.query[mode]}`, mode, options.fields)
      if (i >= 0) results[mode].push(result)
      await context.close()
    }
  }
  return results
}
