import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MONACO_SHIMS } from '../../scripts/vite-monaco-json-only'

/**
 * The build replaces a few of monaco-editor's internal modules with stand-ins (issue #17 point 6). After a
 * Monaco upgrade each replaced module must still be where the plugin looks, and each stand-in must
 * export every name Monaco's own modules import from the original, or the build breaks or, worse,
 * an import comes out undefined at run time.
 */

const ESM = path.resolve('node_modules/monaco-editor/esm/vs')

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return jsFiles(full)
    return e.name.endsWith('.js') ? [full] : []
  })
}

/** name → the modules importing it, of every `import { … } from` the original in Monaco's sources. */
function importedNames(original: string, files: string[]): Map<string, string[]> {
  const target = path.join(ESM, original)
  const base = path.basename(original)
  const names = new Map<string, string[]>()
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8')
    if (!source.includes(base)) continue
    for (const m of source.matchAll(/import\s*(\*\s*as\s*\w+|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g)) {
      if (path.resolve(path.dirname(file), m[2]) !== target) continue
      const list = m[1].startsWith('*') ? ['*'] : m[1].slice(1, -1).split(',')
      for (const name of list.map((n) => n.trim().split(/\s+as\s+/)[0]).filter(Boolean))
        names.set(name, [...(names.get(name) ?? []), path.relative(ESM, file)])
    }
  }
  return names
}

function exportedNames(file: string): Set<string> {
  const source = fs.readFileSync(file, 'utf8')
  return new Set(
    [...source.matchAll(/export\s+(?:async\s+)?(?:function|class|const|let)\s+(\w+)/g)].map((m) => m[1]),
  )
}

describe('the Monaco stand-ins of the build (scripts/vite-monaco-json-only.ts)', () => {
  const files = jsFiles(ESM)
  for (const { original, shim } of MONACO_SHIMS) {
    it(`${shim} stands in for ${original}`, () => {
      expect(fs.existsSync(path.join(ESM, original)), `${original} is gone from monaco-editor`).toBe(true)
      const wanted = importedNames(original, files)
      expect(wanted.size, `nothing in monaco-editor imports ${original} any more`).toBeGreaterThan(0)
      const exported = exportedNames(path.resolve('designer/ui', shim))
      for (const [name, importers] of wanted)
        expect(exported.has(name), `${name}, imported by ${importers.join(', ')}`).toBe(true)
    })
  }
})
