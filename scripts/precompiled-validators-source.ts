import standaloneModule from 'ajv/dist/standalone/index.js'
import { createStaticAjv } from '../schemas/validation/static-ajv'
import { STATIC_SCHEMAS, schemaToCompile } from '../schemas/validation/static-schemas'

/**
 * The source of the module that stands in for schemas/validation/static-validators.ts in a Vite
 * build: ajv's standalone validation code for `STATIC_SCHEMAS`, from the same schemas and ajv options
 * Node compiles at run time. Loaded by the plugin in vite-precompiled-validators.ts.
 */

// ajv/dist/standalone is CommonJS: its default export arrives wrapped or not depending on the loader.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ??
  standaloneModule) as typeof standaloneModule

/** The ES module source that stands in for static-validators.ts. */
export function staticValidatorsSource(): string {
  const ajv = createStaticAjv({ source: true, esm: true })
  const names = Object.keys(STATIC_SCHEMAS) as (keyof typeof STATIC_SCHEMAS)[]
  for (const name of names) ajv.addSchema(schemaToCompile(name), name)
  const code = standaloneCode(ajv, Object.fromEntries(names.map((n) => [n, n])))
  // ajv's ESM output still loads its runtime helpers (ucs2length, equal, formats) with require():
  // turn each into an import. Those modules are CommonJS, so unwrap whichever default the loader gives.
  const imports: string[] = []
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, spec: string) => {
    const local = `__ajvRuntime${imports.length}`
    const path = /^ajv(-formats)?\/dist\//.test(spec) && !spec.endsWith('.js') ? `${spec}.js` : spec
    imports.push(`import * as ${local} from ${JSON.stringify(path)};`)
    return `__cjs(${local})`
  })
  return [
    ...imports,
    'const __cjs = (ns) => { const d = ns.default; return d && (typeof d === "object" || typeof d === "function") && d.__esModule ? d : ns; };',
    body.replace(/^"use strict";/, ''),
    `export const staticValidators = { ${names.join(', ')} };`,
    'export const PRECOMPILED = true;',
  ].join('\n')
}
