import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/**
 * Vite plugin: a few of monaco-editor's internal modules, when imported from inside monaco-editor,
 * are built from a stand-in in designer/ui/ instead, so the JSON view ships only what it uses of
 * Monaco (issue #17 point 6, docs/decisions.md):
 *
 * - `vs/internal/common/workers.js` (imported by the JSON language's worker manager): the same
 *   `createWebWorker` without the original's imports of every editor contribution; the JSON view
 *   imports the contributions it uses in designer/ui/monaco-setup.ts;
 * - the diff and multi-file diff editor widgets, which the core API imports for
 *   `editor.createDiffEditor` / `createMultiFileDiffEditor` and the JSON view never calls;
 * - the quick-fix controller, which the marker hover imports and JSON, offering no fixes, never reaches.
 *
 * A Monaco upgrade must re-check each stand-in against the original; tests/unit/monaco-shims.test.ts
 * checks that each original still exists and that the stand-in exports every name Monaco imports from it.
 */

/** Each replaced module (path under monaco-editor/esm/vs/) and its stand-in (under designer/ui/). */
export const MONACO_SHIMS: { original: string; shim: string }[] = [
  { original: 'internal/common/workers.js', shim: 'monaco-web-worker.ts' },
  { original: 'editor/browser/widget/diffEditor/diffEditorWidget.js', shim: 'monaco-no-diff-editor.ts' },
  {
    original: 'editor/browser/widget/multiDiffEditor/multiDiffEditorWidget.js',
    shim: 'monaco-no-diff-editor.ts',
  },
  {
    original: 'editor/contrib/codeAction/browser/codeActionController.js',
    shim: 'monaco-no-code-actions.ts',
  },
]

/** The stand-in's file. */
export function monacoShimFile(shim: string): string {
  return fileURLToPath(new URL(`../designer/ui/${shim}`, import.meta.url))
}

const MONACO_ESM = `${path.sep}node_modules${path.sep}monaco-editor${path.sep}esm${path.sep}vs${path.sep}`
const posix = (id: string) => id.split(path.sep).join('/')
/** Only these import specifiers can name a replaced module, so the others skip the resolve below. */
const BASENAMES = new Set(MONACO_SHIMS.map((s) => path.posix.basename(s.original)))

/** The plugin; registered in vite.config.ts. */
export function monacoJsonOnly(): Plugin {
  return {
    name: 'itr-monaco-json-only',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes(MONACO_ESM) || !BASENAMES.has(path.posix.basename(source))) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      const at = resolved?.id.lastIndexOf(MONACO_ESM) ?? -1
      if (!resolved || at < 0) return null
      const inside = posix(resolved.id.slice(at + MONACO_ESM.length))
      const shim = MONACO_SHIMS.find((s) => s.original === inside)?.shim
      return shim ? monacoShimFile(shim) : null
    },
  }
}
