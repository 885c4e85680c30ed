import 'bootstrap/dist/css/bootstrap.min.css'
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { emptyValues } from '../../runtime/compiler'
import { RecordForm } from '../../runtime/form/record-form'
import type { FormLayout } from '../../schemas/form-layout'
import { ResultBadge } from '../../runtime/widgets/group-result-widget'
import { demoServices } from './demo-services'
import { benchLayout, DEMO_LAYOUT } from './layouts'
import { tableBench, tableFormLayout } from './table-layout'
import { PlainForm } from './plain-form'
import { PlainTableForm } from './plain-table-form'

/**
 * The form runtime outside the SPA: `?mode=demo` shows every control kind (for people and the
 * screenshot); `?mode=record|plain&controls=300` is driven by bench/form-300.ts, and
 * `?mode=record|plain&form=table` and `?mode=table&rows=1000` by bench/form-table.ts, each of which calls
 * `window.formBench.mount()` and times it.
 */

const params = new URLSearchParams(location.search)
const mode = params.get('mode') ?? 'demo'
const controls = Number(params.get('controls') ?? 300)
/** `table`: the 20-row table with conditions (bench/runtime-demo/table-layout.ts) instead of the flat form. */
const tableForm = params.get('form') === 'table'

function RecordPage({ layout, initial }: { layout: FormLayout; initial?: Record<string, unknown> }) {
  const services = useMemo(() => demoServices(), [])
  const [value, setValue] = useState(() => initial ?? emptyValues(layout))
  const [result, setResult] = useState<string>('-')
  return (
    <div className="container py-4">
      <h1 className="h3 d-flex align-items-center gap-2">
        {layout.title}
        <ResultBadge result={result} className="fs-6" />
      </h1>
      <RecordForm
        layout={layout}
        value={value}
        onChange={setValue}
        services={services}
        onResultChange={setResult}
      />
    </div>
  )
}

function PlainPage({ groups }: { groups: number }) {
  return (
    <div className="container py-4">
      <h1 className="h3">Plain form ({groups * 10} controls)</h1>
      <PlainForm groups={groups} />
    </div>
  )
}

declare global {
  interface Window {
    formBench: {
      mount(): Promise<number>
      committedAt?: number
      /** Render call → React's commit of the last mount. */
      scriptMs?: number
      painted?(at: number): void
      /** Per keystroke, noted in the task after the next frame (so the next key waits for it). */
      keys: KeyTiming[]
      /** Per keystroke, keydown → the frame presented after it, from the Event Timing API (see instrumentKeys). */
      presented(): number[]
      /** Per click into a field, pointerdown → the frame presented after it (Event Timing, as `presented`). */
      clicks(): number[]
    }
  }
}

/**
 * Notes when React committed the first render (script time), then when the next frame was painted:
 * the task after that frame's requestAnimationFrame runs once style, layout and paint are done.
 */
function Committed({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    const bench = window.formBench
    bench.committedAt = performance.now()
    requestAnimationFrame(() => setTimeout(() => bench.painted?.(performance.now()), 0))
  }, [])
  return children
}

/** One keystroke: when its keydown happened, and keydown → the end of its input's handling, in ms. */
interface KeyTiming {
  down: number
  js: number
}

/** Event Timing's smallest reporting threshold: a keystroke it does not report was presented within this. */
const EVENT_TIMING_FLOOR = 16

/**
 * Times every keystroke: its keydown, the end of React's handling of the input, and the frame presented after
 * it. The paint is taken from the Event Timing API (`presented`, the measure behind INP: keydown → the frame
 * presented after its handlers, the longest of one interaction's keydown/keypress/keyup). The earlier measure,
 * requestAnimationFrame then the next task, also counted whatever task the browser had queued before that
 * task — on the first keystroke into a form, Chromium's autofill scan of every field (form_tracker.cc
 * TextFieldValueChanged, 20–90 ms here), which runs after the frame with the character was presented.
 */
function instrumentKeys(keys: KeyTiming[]) {
  let down = 0
  document.addEventListener('keydown', (e) => (down = e.timeStamp), true)
  // Bubble phase on document runs after React's root listener; the microtask runs after React's commit.
  document.addEventListener('input', () => {
    const start = down
    queueMicrotask(() => {
      const handled = performance.now()
      requestAnimationFrame(() => setTimeout(() => keys.push({ down: start, js: handled - start }), 0))
    })
  })
  const byInteraction = new Map<number, number>()
  const keydownInteraction = new Map<number, number>()
  const clickInteractions = new Set<number>()
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue
      byInteraction.set(
        entry.interactionId,
        Math.max(byInteraction.get(entry.interactionId) ?? 0, entry.duration),
      )
      if (entry.name === 'keydown') keydownInteraction.set(entry.startTime, entry.interactionId)
      if (entry.name === 'pointerdown') clickInteractions.add(entry.interactionId)
    }
  }).observe({
    type: 'event',
    durationThreshold: EVENT_TIMING_FLOOR,
    buffered: true,
  } as PerformanceObserverInit)
  return {
    presented: () =>
      keys.map((k) => byInteraction.get(keydownInteraction.get(k.down) ?? -1) ?? EVENT_TIMING_FLOOR),
    clicks: () => [...clickInteractions].map((id) => byInteraction.get(id) ?? EVENT_TIMING_FLOOR),
  }
}

/** `?mode=table&rows=n`: one measurement table of n filled rows (bench/form-table.ts). */
function tableLayoutProps() {
  const { layout, value } = tableBench(Number(params.get('rows') ?? 1000))
  return { layout, initial: value }
}

/** The page `mode` (and `form`) ask for. */
function benchPage() {
  if (mode === 'table') return <RecordPage {...tableLayoutProps()} />
  if (tableForm)
    return mode === 'plain' ? (
      <div className="container py-4">
        <PlainTableForm />
      </div>
    ) : (
      <RecordPage layout={tableFormLayout()} />
    )
  return mode === 'plain' ? (
    <PlainPage groups={Math.ceil(controls / 10)} />
  ) : (
    <RecordPage layout={benchLayout(controls)} />
  )
}

const root = createRoot(document.getElementById('root') as HTMLElement)
if (mode === 'demo') root.render(<RecordPage layout={DEMO_LAYOUT} />)
else {
  const keys: KeyTiming[] = []
  window.formBench = {
    keys,
    ...instrumentKeys(keys),
    /** Renders the form and answers milliseconds from render call to first paint. */
    async mount() {
      const start = performance.now()
      const painted = new Promise<number>((resolve) => (window.formBench.painted = resolve))
      root.render(<Committed>{benchPage()}</Committed>)
      const paintedAt = await painted
      window.formBench.scriptMs = (window.formBench.committedAt ?? start) - start
      return paintedAt - start
    },
  }
}
