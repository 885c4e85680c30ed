import { parseArgs } from 'node:util'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { ARGS, buildPage, CHROMIUM, serve, VIEWPORT, type Mode } from './support/form-pages'

/**
 * `npx tsx bench/form-profile.ts [--runs n] [--query 'controls=300'] [--top n]`: where a form's first render
 * goes (docs/performance.md, #17.5). bench/runtime-demo is built unminified (function names kept), then each
 * form is mounted `runs` times on fresh pages, alternating, as bench/form-300.ts does: once under a Chromium
 * trace (main-thread self time by event: script, style, layout, paint…) and once under V8's sampling
 * profiler (self time by function). Figures are sums over the runs divided by `runs`. A diagnostic, not a
 * budget: an unminified bundle and the profilers themselves make everything slower than in form-300.
 */

const OUT = path.join(import.meta.dirname, '..', '.tmp', 'form-profile')

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** Thread time: on a loaded machine steadier than `dur`, which also counts the thread waiting for a core. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { message?: string } }
}

/** The page's mount between two console calls: the trace and the profile then cover it and nothing after. */
const mountBetween = (before: string, after: string) =>
  `(async () => { ${before}; const ms = await window.formBench.mount(); ${after}; return ms })()`

/**
 * Self thread time per trace event name on the renderer's main thread, between the mount's time stamps,
 * and under '(main thread, all tasks)' the thread time of its outermost events.
 */
function traceSelfTimes(events: TraceEvent[]): Map<string, number> {
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )
  const mark = (message: string) =>
    events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message)?.ts ?? NaN
  const [from, to] = [mark('form-mount-start'), mark('form-mount-end')]
  const spans = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= from && e.ts + (e.dur ?? 0) <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const self = new Map<string, number>()
  const stack: { end: number; name: string; children: number; time: number }[] = []
  const ms = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us / 1000)
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!
      ms(done.name, done.time - done.children)
      if (stack.length) stack[stack.length - 1].children += done.time
      else ms('(main thread, all tasks)', done.time)
    }
  }
  for (const span of spans) {
    close(span.ts)
    const time = span.tdur ?? span.dur ?? 0
    stack.push({ end: span.ts + (span.dur ?? 0), name: span.name, children: 0, time })
  }
  close(Infinity)
  return self
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Where each module of a bundle starts: the `// path` line Rolldown writes before it unminified. */
function moduleStarts(file: string): { line: number; module: string }[] {
  const starts: { line: number; module: string }[] = []
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const path = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(text)?.[1]
      if (!path) return
      // A package by its name, a project file by its folder (runtime/form, schemas/form-layout…).
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]
      starts.push({ line, module: pkg ?? path.replace(/^(\.\.\/)+/, '').replace(/\/[^/]+$/, '') })
    })
  return starts
}

/** The module a bundle line belongs to. */
function moduleAt(starts: { line: number; module: string }[] | undefined, line: number): string {
  let found = '(bundle)'
  for (const start of starts ?? []) if (start.line <= line) found = start.module
  return found
}

/**
 * Self time per function (name, file and line) and per module (`byModule`; the browser's own work, such
 * as DOM calls, GC and style, under its V8 name) of a V8 CPU profile, and of all its samples, in ms.
 */
function profileSelfTimes(profile: CpuProfile, starts: Map<string, { line: number; module: string }[]>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const byModule = new Map<string, number>()
  const put = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms)
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame
    const file = frame.url ? path.basename(new URL(frame.url, 'http://x').pathname) : ''
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const module = file ? moduleAt(starts.get(file), frame.lineNumber) : '(browser)'
    put(self, `${frame.functionName || '(anonymous)'} (${module}:${frame.lineNumber + 1})`, delta)
    put(self, '(all samples)', delta)
    put(byModule, file ? module : `(browser) ${frame.functionName || '(anonymous)'}`, delta)
  })
  return { self, byModule }
}

const add = (into: Map<string, number>, from: Map<string, number>) => {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v)
}

type Tables = Record<string, Map<string, number>>
type Starts = Map<string, { line: number; module: string }[]>

/** One mount on a fresh page, traced (`how` = 'trace') or sampled ('profile'): its time and its tables. */
async function mountOnce(
  browser: Browser,
  address: string,
  how: 'trace' | 'profile',
  starts: Starts,
): Promise<{ ms: number; tables: Tables }> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  try {
    await page.goto(address)
    await page.waitForFunction('"formBench" in window')
    if (how === 'trace') {
      await browser.startTracing(page, {
        // Not 'v8': its events crowd the trace buffer out, and the page's main-thread events go missing.
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'],
      })
      const script = mountBetween(
        "console.timeStamp('form-mount-start')",
        "console.timeStamp('form-mount-end')",
      )
      const ms = (await page.evaluate(script)) as number
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      return {
        ms,
        tables: { 'Main thread self time (thread time) by event': traceSelfTimes(trace.traceEvents) },
      }
    }
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    const finished = new Promise<CpuProfile>((resolve) =>
      cdp.on('Profiler.consoleProfileFinished', (e) => resolve(e.profile as unknown as CpuProfile)),
    )
    const ms = (await page.evaluate(
      mountBetween("console.profile('mount')", "console.profileEnd('mount')"),
    )) as number
    const { self, byModule } = profileSelfTimes(await finished, starts)
    return { ms, tables: { 'JS self time by module': byModule, 'JS self time by function': self } }
  } finally {
    await context.close()
  }
}

function printTop(title: string, totals: Record<Mode, Map<string, number>>, runs: number, top: number) {
  const keys = new Set([...totals.record.keys(), ...totals.plain.keys()])
  const rows = [...keys]
    .map((k) => ({ k, r: (totals.record.get(k) ?? 0) / runs, p: (totals.plain.get(k) ?? 0) / runs }))
    .sort((a, b) => Math.max(b.r, b.p) - Math.max(a.r, a.p))
    .slice(0, top)
  console.log(`\n${title} (ms per mount: RecordForm, plain form)`)
  for (const { k, r, p } of rows)
    console.log(`  ${r.toFixed(1).padStart(7)} ${p.toFixed(1).padStart(7)}  ${k}`)
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      query: { type: 'string', default: 'controls=300' },
      top: { type: 'string', default: '40' },
    },
  })
  const [runs, top] = [Number(values.runs), Number(values.top)]
  await buildPage({ outDir: OUT, minify: false })
  const server = await serve(OUT)
  const assets = path.join(OUT, 'assets')
  const starts: Starts = new Map(
    fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, moduleStarts(path.join(assets, f))]),
  )
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  try {
    for (const how of ['trace', 'profile'] as const) {
      const totals: Record<Mode, Tables> = { record: {}, plain: {} }
      const mounts: Record<Mode, number[]> = { record: [], plain: [] }
      for (let i = -1; i < runs; i++)
        for (const mode of (i % 2 === 0 ? ['record', 'plain'] : ['plain', 'record']) as Mode[]) {
          // A query naming its own mode (e.g. 'mode=table&rows=1000') profiles that page in both columns.
          const address = values.query.includes('mode=')
            ? `${server.url}?${values.query}`
            : `${server.url}?mode=${mode}&${values.query}`
          const { ms, tables } = await mountOnce(browser, address, how, starts)
          if (i < 0) continue
          mounts[mode].push(ms)
          for (const [title, table] of Object.entries(tables)) add((totals[mode][title] ??= new Map()), table)
        }
      const f = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ')
      console.log(`\n${how}: first render, RecordForm ${f(mounts.record)} ms; plain ${f(mounts.plain)} ms`)
      for (const title of Object.keys(totals.record))
        printTop(title, { record: totals.record[title], plain: totals.plain[title] ?? new Map() }, runs, top)
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message)
  process.exit(1)
})
