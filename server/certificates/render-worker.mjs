// A certificate render worker's entry (render-pool.ts). Workers start from JavaScript: tsx's loader is
// registered in this thread (the server already runs under tsx; a test runner may not), then the
// TypeScript worker is loaded.
import { register } from 'tsx/esm/api'

register()
await import('./render-worker.ts')
