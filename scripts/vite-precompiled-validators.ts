import { fileURLToPath } from 'node:url'
import { runnerImport, type Plugin } from 'vite'
import type * as Generator from './precompiled-validators-source'

/**
 * Vite plugin: replaces schemas/validation/static-validators.ts with ajv's standalone validation
 * code for `STATIC_SCHEMAS` (precompiled-validators-source.ts), generated at build (and dev/test)
 * time. Nothing generated is committed, and Vitest's unit project gets the same code as the browser.
 * See docs/security.md (CSP without 'unsafe-eval'). The generator is loaded through Vite's module
 * runner, so the config itself imports no project TypeScript (Vite's native config loader cannot).
 */

const TARGET = /[\\/]schemas[\\/]validation[\\/]static-validators\.ts$/

/** The plugin; register it in vite.config.ts (and the unit project of vitest.config.ts). */
export function precompiledValidators(): Plugin {
  // Beside this file, whatever the Vite root (the form benchmark builds bench/runtime-demo).
  const generator = fileURLToPath(new URL('./precompiled-validators-source.ts', import.meta.url))
  let source: Promise<string> | undefined
  return {
    name: 'itr-precompiled-validators',
    enforce: 'pre',
    load(id) {
      if (!TARGET.test(id.split('?')[0])) return null
      source ??= runnerImport<typeof Generator>(generator, {
        configFile: false,
        logLevel: 'warn',
      }).then(({ module }) => module.staticValidatorsSource())
      return source
    },
  }
}
