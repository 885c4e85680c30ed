import Ajv from 'ajv'
import addErrors from 'ajv-errors'
import addFormats from 'ajv-formats'

/**
 * The ajv configuration of the schemas precompiled at build time (static-validators.ts): all errors
 * (ajv-errors needs it; the SPEC texts come from `errorMessage`), the discriminator for the layout's
 * control union, full formats, and `verbose` errors (rjsf reads field titles from `parentSchema`).
 * Used by the build plugin (scripts/vite-precompiled-validators.ts) and, in Node, to compile the same
 * schemas at run time, so both give the same errors.
 */
export function createStaticAjv(code?: { source: true; esm: true }): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    discriminator: true,
    strict: false,
    verbose: true,
    ...(code ? { code } : {}),
  })
  addFormats(ajv)
  addErrors(ajv)
  return ajv
}
