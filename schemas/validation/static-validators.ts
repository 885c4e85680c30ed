import type { ValidateFunction } from 'ajv'
import { createStaticAjv } from './static-ajv'
import { STATIC_SCHEMAS, schemaToCompile, type StaticSchemaName } from './static-schemas'

/**
 * Validators of `STATIC_SCHEMAS`, by name. This file is what Node (the server, tools) runs: it
 * compiles each schema with ajv on first use. A Vite build replaces the whole module with ajv's
 * standalone code for the same schemas and options (scripts/vite-precompiled-validators.ts), so the
 * browser never compiles code at run time and the CSP needs no 'unsafe-eval'.
 */
export const staticValidators = {} as Record<StaticSchemaName, ValidateFunction>

let ajv: ReturnType<typeof createStaticAjv> | undefined
for (const name of Object.keys(STATIC_SCHEMAS) as StaticSchemaName[]) {
  let compiled: ValidateFunction | undefined
  Object.defineProperty(staticValidators, name, {
    enumerable: true,
    get: () => (compiled ??= (ajv ??= createStaticAjv()).compile(schemaToCompile(name))),
  })
}

/** Whether these validators were precompiled at build time (true in the browser build). */
export const PRECOMPILED = false
