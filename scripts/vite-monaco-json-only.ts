import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/**
 * Vite plugin: when monaco-editor imports its internal `vs/internal/common/workers.js` (the JSON
 * language's worker manager does), the build takes designer/ui/monaco-web-worker.ts instead: the
 * same `createWebWorker` without the original's imports of every editor contribution, so the JSON
 * view ships only the contributions designer/ui/monaco-setup.ts picks (issue #17 point 6).
 */

const INTERNAL_WORKERS = /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/]internal[\\/]common[\\/]workers\.js$/
const SHIM = fileURLToPath(new URL('../designer/ui/monaco-web-worker.ts', import.meta.url))

/** The plugin; registered in vite.config.ts. */
export function monacoJsonOnly(): Plugin {
  return {
    name: 'itr-monaco-json-only',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('/internal/common/workers.js')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && INTERNAL_WORKERS.test(resolved.id) ? SHIM : null
    },
  }
}
