import { editor } from 'monaco-editor/editor'

/**
 * Stands in for monaco-editor's internal `vs/internal/common/workers.js` in the build (see
 * scripts/vite-monaco-json-only.ts). The JSON language's worker manager imports that module for its
 * `createWebWorker`, and the original also imports every editor contribution (diff editor, inline
 * completions, code lens, …): about 300 KB gzip the JSON view does not use. This is the same function
 * without those imports; the contributions the JSON view does use are imported by monaco-setup.ts.
 */

/** What monaco's language worker managers pass (the original's options). */
interface WebWorkerOptions {
  moduleId: string
  label?: string
  createData?: unknown
  host?: Record<string, (...args: unknown[]) => unknown>
  keepIdleModels?: boolean
  createWorker?: () => Worker
}

/** Starts the language's worker (MonacoEnvironment.getWorker first) and wraps it for the editor. */
export function createWebWorker<T extends object>(options: WebWorkerOptions) {
  const label = options.label ?? 'monaco-editor-worker'
  const fromEnvironment = self.MonacoEnvironment?.getWorker?.('workerMain.js', label)
  const started = fromEnvironment ?? options.createWorker?.()
  if (!started) throw new Error(`No worker for the Monaco language worker ${label}`)
  const worker = Promise.resolve(started).then((w) => {
    // The worker's protocol, as the original: a first message it ignores, then its create data.
    w.postMessage('ignore')
    w.postMessage(options.createData)
    return w
  })
  return editor.createWebWorker<T>({ worker, host: options.host, keepIdleModels: options.keepIdleModels })
}
